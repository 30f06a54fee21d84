import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import { firstChargeDate } from '../../../core/billing.ts';
import type { TPaymentStep } from '../../../core/contracts/billing.types.ts';
import type { User } from '../../../db/models/User.ts';
import { conflict } from '../../errors.ts';
import { ensureCustomer } from './ensure-customer.ts';
import type { BillingProvider } from './provider.ts';
import { currentSubscription, syncSubscription } from './sync-subscription.ts';

/**
 * Starts PRO for a signed-in account (docs/product.md §7 create-subscription, create-trial-upgrade-checkout):
 * an incomplete subscription whose first payment the client confirms on /payment. A pending first
 * payment is reused rather than piling up subscriptions. Refused with 409 when the account pays
 * already, or must settle an unpaid renewal in the billing portal instead. A provider outage
 * answers 503 and changes nothing but, at most, the customer record it needs anyway.
 */
export async function startSubscription(opts: { db: Knex; billing: BillingProvider; user: User; now: Date }): Promise<TPaymentStep> {
  const { billing, user } = opts;
  const refuseIfPaying = (u: User) => {
    const state = accountState(u, opts.now);
    if (state.subscriptionStatus === 'grace_period') {
      throw conflict('Your cancelled subscription is still running: reactivate it instead of subscribing again.', 'reactivate_instead');
    }
    if (state.isPro) throw conflict('You already have PRO', 'already_pro');
    if (!state.actions.subscribe) {
      throw conflict('A renewal payment is unpaid: update your card in the billing portal to restore PRO.', 'payment_method_required');
    }
  };
  refuseIfPaying(user);
  const customerId = await ensureCustomer(opts);
  const subs = await billing.listSubscriptions(customerId);
  const current = currentSubscription(subs);
  if (current && current.status !== 'incomplete' && current.status !== 'incomplete_expired' && current.status !== 'canceled') {
    // Our facts were behind the provider's: catch up, then refuse as above.
    const fresh = await syncSubscription({ db: opts.db, billing, now: opts.now, customerId });
    if (fresh) refuseIfPaying(fresh);
  }
  const pending = subs.find((s) => s.status === 'incomplete');
  if (pending) {
    const due = await billing.paymentSecret(pending.id);
    if (due?.clientSecret)
      return { clientSecret: due.clientSecret, subscriptionId: pending.id, billing: billing.billing, firstChargeAt: due.firstChargeAt?.toISOString() ?? null };
  }
  // Upgrading during the trial keeps its days: the paid period starts when the trial ends (docs/choices.md 47 item 13).
  const trialEnd = firstChargeDate(user.trialEndDate, opts.now);
  const created = await billing.createSubscription({ customerId, userId: user.id, idempotencyKey: `ratio-sub-${user.id}-${opts.now.getTime()}`, trialEnd });
  return {
    clientSecret: created.clientSecret,
    subscriptionId: created.subscriptionId,
    billing: billing.billing,
    firstChargeAt: created.firstChargeAt?.toISOString() ?? null,
  };
}
