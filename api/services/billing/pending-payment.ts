import type { TPaymentStep } from '../../../core/contracts/billing.types.ts';
import type { User } from '../../../db/models/User.ts';
import { conflict, notFound } from '../../errors.ts';
import type { BillingProvider } from './provider.ts';

/**
 * The client secret of a subscription's pending first payment (docs/product.md §7 payment-intent), for its
 * owner only: another account's subscription, or an unknown one, is the same 404.
 */
export async function pendingPayment(opts: { billing: BillingProvider; user: User; subscriptionId: string }): Promise<TPaymentStep> {
  const missing = () => notFound('No such subscription', 'subscription_not_found');
  const customerId = opts.user.billingCustomerId;
  if (!customerId || !opts.billing.ownsCustomer(customerId)) throw missing();
  const due = await opts.billing.paymentSecret(opts.subscriptionId);
  if (!due || due.customerId !== customerId) throw missing();
  if (!due.clientSecret) throw conflict('This subscription has no payment due.', 'nothing_to_pay');
  return {
    clientSecret: due.clientSecret,
    subscriptionId: opts.subscriptionId,
    billing: opts.billing.billing,
    firstChargeAt: due.firstChargeAt?.toISOString() ?? null,
  };
}
