/**
 * Local billing: the provider used when no Stripe keys are set (the embedded default). It keeps its
 * customers, subscriptions and checkouts in this database and behaves as Stripe does for the calls
 * Ratio makes, in TEST MODE: only test cards (core/billing.ts) are accepted and nobody is charged.
 * Its payments are confirmed through /api/billing/test/* (the TEST MODE form stands in for Stripe's
 * Payment Element, hosted checkout and billing portal).
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { TEST_CHECKOUT_PATH, TEST_PORTAL_PATH, type TBillingMode } from '../../../../core/billing.ts';
import type { TEndReason, TProviderStatus } from '../../../../core/account.ts';
import type { TTestCardInput } from '../../../../core/contracts/billing.types.ts';
import { LocalBillingCheckout } from '../../../../db/models/LocalBillingCheckout.ts';
import { LocalBillingCustomer } from '../../../../db/models/LocalBillingCustomer.ts';
import { LocalBillingSubscription } from '../../../../db/models/LocalBillingSubscription.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { BillingProvider, TCheckoutSession, TProviderEvent, TProviderSubscription } from '../provider.ts';
import { addMonth, advanceSubscription } from './renewals.ts';
import { chargeTestCard } from './test-card.ts';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

function toProvider(sub: LocalBillingSubscription): TProviderSubscription {
  return {
    id: sub.id,
    customerId: sub.customerId,
    status: sub.status as TProviderStatus,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    periodEnd: sub.currentPeriodEnd,
    endedAt: sub.endedAt,
    endReason: sub.endReason as TEndReason | null,
    startedAt: sub.createdAt,
  };
}

/** What a local payment reports, as a Stripe webhook would: handled by handleBillingEvent. */
const event = (type: string, customerId: string): TProviderEvent => ({ id: id('levt'), type, customerId });

export interface LocalBilling extends BillingProvider {
  /** Confirms a subscription's first payment with a test card (the Payment Element's stand-in). */
  payFirstInvoice(input: { clientSecret: string; customerId: string; card: TTestCardInput }): Promise<TProviderEvent>;
  /** A guest checkout as its TEST MODE page shows it, or null when unknown. */
  checkout(sessionId: string): Promise<{ id: string; status: 'open' | 'complete' | 'expired'; email: string | null } | null>;
  /** Pays a guest checkout: a customer and an active subscription; returns where the browser goes next. */
  payCheckout(input: { sessionId: string; email: string; card: TTestCardInput }): Promise<{ redirectUrl: string; event: TProviderEvent }>;
  /** The test card on file. */
  cardOnFile(customerId: string): Promise<{ last4: string; expiry: string } | null>;
  /** Replaces the card on file (the portal's stand-in); an unpaid or past-due renewal is paid with it. */
  updateCard(input: { customerId: string; card: TTestCardInput }): Promise<TProviderEvent>;
}

/** Local billing on `db`, with the app's clock; its hosted pages live under `publicUrl`. */
export function createLocalBilling(opts: { db: Knex; clock: () => Date; publicUrl: string }): LocalBilling {
  const { db } = opts;
  const billing: TBillingMode = { provider: 'local', mode: 'test' };
  const customer = async (customerId: string) => {
    const row = await LocalBillingCustomer.query(db).findById(customerId);
    if (!row) throw notFound('No such billing customer', 'customer_not_found');
    return row;
  };
  const saveCard = (customerId: string, card: TTestCardInput, outcome: string) =>
    LocalBillingCustomer.query(db)
      .patch({ cardLast4: card.number.replace(/\D/g, '').slice(-4), cardExpiry: card.expiry, cardOutcome: outcome })
      .where('id', customerId);

  return {
    billing,
    publishableKey: null,
    ownsCustomer: (customerId) => customerId.startsWith('lcus_'),

    async createCustomer(input) {
      const row = await LocalBillingCustomer.query(db).insertAndFetch({ id: id('lcus'), email: input.email, createdAt: opts.clock() });
      return row.id;
    },

    async listSubscriptions(customerId) {
      const owner = await LocalBillingCustomer.query(db).findById(customerId);
      const subs = await LocalBillingSubscription.query(db).where('customerId', customerId).orderBy('createdAt', 'desc').orderBy('id', 'desc');
      const now = opts.clock();
      const renewalsPay = owner?.cardOutcome === 'succeeds';
      const current: TProviderSubscription[] = [];
      for (const sub of subs) {
        const changes = advanceSubscription(sub, renewalsPay, now);
        current.push(toProvider(Object.keys(changes).length ? await LocalBillingSubscription.query(db).patchAndFetchById(sub.id, changes) : sub));
      }
      return current;
    },

    async createSubscription(input) {
      // With a trial's end, the period end is set now: it is when the first charge falls once the card is confirmed.
      const sub = await LocalBillingSubscription.query(db).insertAndFetch({
        id: id('lsub'),
        customerId: input.customerId,
        status: 'incomplete',
        clientSecret: `${id('lsub')}_secret_${randomBytes(12).toString('hex')}`,
        cancelAtPeriodEnd: false,
        createdAt: opts.clock(),
        currentPeriodEnd: input.trialEnd,
      });
      return { subscriptionId: sub.id, clientSecret: sub.clientSecret, firstChargeAt: sub.currentPeriodEnd };
    },

    async paymentSecret(subscriptionId) {
      const sub = await LocalBillingSubscription.query(db).findById(subscriptionId);
      if (!sub) return null;
      const due = sub.status === 'incomplete';
      return { customerId: sub.customerId, clientSecret: due ? sub.clientSecret : null, firstChargeAt: due ? sub.currentPeriodEnd : null };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await LocalBillingSubscription.query(db)
        .patch({ cancelAtPeriodEnd: cancel })
        .where('id', subscriptionId)
        .whereIn('status', ['active', 'trialing', 'past_due']);
    },

    async createGuestCheckout(input) {
      const now = opts.clock();
      const row = await LocalBillingCheckout.query(db).insertAndFetch({
        id: id('lcs'),
        status: 'open',
        successUrl: input.successUrl,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      });
      return { id: row.id, url: `${opts.publicUrl}${TEST_CHECKOUT_PATH}?session_id=${row.id}` };
    },

    async getCheckoutSession(sessionId): Promise<TCheckoutSession | null> {
      const row = await LocalBillingCheckout.query(db).findById(sessionId);
      if (!row) return null;
      const owner = row.customerId ? await LocalBillingCustomer.query(db).findById(row.customerId) : undefined;
      return { id: row.id, complete: row.status === 'complete', email: owner?.email ?? null, name: null, customerId: row.customerId };
    },

    async createPortalSession(input) {
      return `${opts.publicUrl}${TEST_PORTAL_PATH}?return_url=${encodeURIComponent(input.returnUrl)}`;
    },

    async payFirstInvoice(input) {
      const sub = await LocalBillingSubscription.query(db).findOne({ clientSecret: input.clientSecret });
      // Another account's payment is as unknown as a made-up one.
      if (!sub || sub.customerId !== input.customerId) throw notFound('No such payment', 'payment_not_found');
      if (sub.status !== 'incomplete') {
        if (sub.status === 'active' || sub.status === 'trialing') return event('invoice.paid', sub.customerId);
        throw conflict('This payment can no longer be made. Start again from the pricing page.', 'payment_expired');
      }
      const now = opts.clock();
      const outcome = chargeTestCard(input.card, now);
      await db.transaction(async (trx) => {
        // Confirmed during a trial: the card is checked now and first charged when the trial ends (as Stripe's trial_end).
        const trialEnd = sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() > now.getTime() ? sub.currentPeriodEnd : null;
        await LocalBillingSubscription.query(trx)
          .patch(trialEnd ? { status: 'trialing', currentPeriodEnd: trialEnd } : { status: 'active', currentPeriodEnd: addMonth(now) })
          .where('id', sub.id);
        await saveCard(sub.customerId, input.card, outcome).transacting(trx);
      });
      return event('invoice.paid', sub.customerId);
    },

    async checkout(sessionId) {
      const row = await LocalBillingCheckout.query(db).findById(sessionId);
      if (!row) return null;
      const owner = row.customerId ? await LocalBillingCustomer.query(db).findById(row.customerId) : undefined;
      const expired = row.status === 'open' && opts.clock().getTime() >= row.expiresAt.getTime();
      return { id: row.id, status: expired ? 'expired' : row.status, email: owner?.email ?? null };
    },

    async payCheckout(input) {
      const row = await LocalBillingCheckout.query(db).findById(input.sessionId);
      if (!row) throw notFound('This checkout link is not valid.', 'checkout_not_found');
      const redirectUrl = row.successUrl.replace('{CHECKOUT_SESSION_ID}', row.id);
      if (row.status === 'complete' && row.customerId) return { redirectUrl, event: event('checkout.session.completed', row.customerId) };
      const now = opts.clock();
      if (now.getTime() >= row.expiresAt.getTime()) throw conflict('This checkout has expired. Start again from the pricing page.', 'checkout_expired');
      const outcome = chargeTestCard(input.card, now);
      const customerId = await db.transaction(async (trx) => {
        const owner = await LocalBillingCustomer.query(trx).insertAndFetch({ id: id('lcus'), email: input.email.toLowerCase(), createdAt: now });
        await saveCard(owner.id, input.card, outcome).transacting(trx);
        const sub = await LocalBillingSubscription.query(trx).insertAndFetch({
          id: id('lsub'),
          customerId: owner.id,
          status: 'active',
          clientSecret: `${id('lsub')}_secret_${randomBytes(12).toString('hex')}`,
          cancelAtPeriodEnd: false,
          currentPeriodEnd: addMonth(now),
          createdAt: now,
        });
        await LocalBillingCheckout.query(trx).patch({ status: 'complete', customerId: owner.id, subscriptionId: sub.id }).where('id', row.id);
        return owner.id;
      });
      return { redirectUrl, event: event('checkout.session.completed', customerId) };
    },

    async cardOnFile(customerId) {
      const row = await customer(customerId);
      return row.cardLast4 && row.cardExpiry ? { last4: row.cardLast4, expiry: row.cardExpiry } : null;
    },

    async updateCard(input) {
      await customer(input.customerId);
      const now = opts.clock();
      const outcome = chargeTestCard(input.card, now);
      await db.transaction(async (trx) => {
        await saveCard(input.customerId, input.card, outcome).transacting(trx);
        // The open renewal invoice is paid with the new card: the subscription is in good standing again.
        const owing = await LocalBillingSubscription.query(trx).where('customerId', input.customerId).whereIn('status', ['past_due', 'unpaid']);
        for (const sub of owing) {
          const periodEnd = sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() > now.getTime() ? sub.currentPeriodEnd : addMonth(now);
          await LocalBillingSubscription.query(trx).patch({ status: 'active', renewalFailedAt: null, currentPeriodEnd: periodEnd }).where('id', sub.id);
        }
      });
      return event('customer.updated', input.customerId);
    },
  };
}
