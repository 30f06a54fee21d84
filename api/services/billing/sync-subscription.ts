import type { Knex } from 'knex';
import { BillingEvent } from '../../../db/models/BillingEvent.ts';
import { User } from '../../../db/models/User.ts';
import { createKeyedMutex } from '../../lib/keyed-mutex.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { BillingProvider, TProviderEvent, TProviderSubscription } from './provider.ts';

const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
const NEVER_PAID = new Set(['incomplete', 'incomplete_expired']);

/**
 * The subscription that decides an account's state, from the customer's subscriptions newest
 * first: a live one, else the newest that ended, else the newest whose first payment is pending.
 */
export function currentSubscription(subs: readonly TProviderSubscription[]): TProviderSubscription | null {
  return subs.find((s) => LIVE.has(s.status)) ?? subs.find((s) => !NEVER_PAID.has(s.status)) ?? subs[0] ?? null;
}

/** The users columns that hold a subscription's facts (core/account.ts reads them). */
export function subscriptionFacts(sub: TProviderSubscription | null, now: Date): Partial<User> {
  return {
    subscriptionId: sub?.id ?? null,
    subscriptionProviderStatus: sub?.status ?? null,
    subscriptionCancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    subscriptionPeriodEnd: sub?.periodEnd ?? null,
    subscriptionEndedAt: sub?.endedAt ?? null,
    subscriptionEndReason: sub?.endReason ?? null,
    subscriptionStartedAt: sub?.startedAt ?? null,
    subscriptionSyncedAt: now,
  };
}

/** The facts a sync may change (the freshness stamp aside). */
const FACT_KEYS = [
  'subscriptionId',
  'subscriptionProviderStatus',
  'subscriptionCancelAtPeriodEnd',
  'subscriptionPeriodEnd',
  'subscriptionEndedAt',
  'subscriptionEndReason',
  'subscriptionStartedAt',
] as const;

function sameFact(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

// Syncs of one customer run in turn, so a slower read can never overwrite a newer one here.
const perCustomer = createKeyedMutex();

export interface TSyncOptions {
  db: Knex;
  trx?: Knex.Transaction;
  billing: BillingProvider;
  now: Date;
  customerId: string;
  /** The provider event that asked for this sync: recorded in the same transaction (handled once). */
  event?: TProviderEvent;
}

/**
 * Reads the customer's current subscription from the provider and writes its facts to the account
 * that owns the customer, in one transaction. Idempotent and order-proof:
 * it never trusts an event's payload, only what the provider says now, so events that come late,
 * twice or out of order converge on the same state. Returns the updated account, or null when no
 * account owns the customer yet (a guest checkout not completed). Throws 503 billing_unavailable
 * when the provider does not answer; nothing is written then.
 */
export function syncSubscription(opts: TSyncOptions): Promise<User | null> {
  return perCustomer.run(opts.customerId, async () => {
    const subs = await opts.billing.listSubscriptions(opts.customerId);
    const current = currentSubscription(subs);
    return inTransaction(opts.db, opts.trx, async (trx) => {
      if (opts.event) {
        await BillingEvent.query(trx)
          .insert({ id: opts.event.id, type: opts.event.type, customerId: opts.customerId, receivedAt: opts.now })
          .onConflict('id')
          .ignore();
      }
      const user = await User.query(trx).modify('byBillingCustomer', opts.customerId).forUpdate().first();
      if (!user) return null;
      const facts = subscriptionFacts(current, opts.now);
      // Nothing new from the provider: only the freshness stamp moves (the account did not change).
      const changed = FACT_KEYS.some((key) => !sameFact(user[key], facts[key]));
      return User.query(trx).patchAndFetchById(user.id, changed ? { ...facts, updatedAt: opts.now } : { subscriptionSyncedAt: opts.now });
    });
  });
}
