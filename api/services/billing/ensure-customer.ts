import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';
import type { BillingProvider } from './provider.ts';
import { subscriptionFacts } from './sync-subscription.ts';

/**
 * The account's customer at the provider, created on first need (one per account: the id is kept
 * in a unique column). A customer id made by the other billing mode is replaced, and the facts of
 * its subscription cleared. Safe to call
 * concurrently: the provider's idempotency key returns the same customer to a repeated call, and
 * only the first id is stored.
 */
export async function ensureCustomer(opts: { db: Knex; billing: BillingProvider; user: User; now: Date }): Promise<string> {
  const { user, billing } = opts;
  const existing = user.billingCustomerId;
  if (existing && billing.ownsCustomer(existing)) return existing;
  const customerId = await billing.createCustomer({
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    userId: user.id,
    idempotencyKey: `ratio-customer-${user.id}-${user.createdAt.getTime()}`,
  });
  // A customer of the other mode takes its subscription with it (test-mode PRO is not real PRO).
  const reset = existing ? subscriptionFacts(null, opts.now) : {};
  const patched = await User.query(opts.db)
    .patch({ billingCustomerId: customerId, ...reset, updatedAt: opts.now })
    .where('id', user.id)
    .where((q) => (existing ? q.where('billingCustomerId', existing) : q.whereNull('billingCustomerId')));
  if (patched) return customerId;
  const fresh = await User.query(opts.db).findById(user.id);
  return fresh?.billingCustomerId ?? customerId;
}
