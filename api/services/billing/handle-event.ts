import type { Knex } from 'knex';
import { BillingEvent } from '../../../db/models/BillingEvent.ts';
import type { BillingProvider, TProviderEvent } from './provider.ts';
import { syncSubscription } from './sync-subscription.ts';

/**
 * Handles one provider event (a Stripe webhook, or local billing's own): an event about a customer
 * is recorded once and triggers syncSubscription for that customer; a replay of a recorded event
 * does nothing; events about no customer are ignored. If the sync fails nothing is recorded, so the
 * provider's retry is handled in full.
 */
export async function handleBillingEvent(opts: {
  db: Knex;
  billing: BillingProvider;
  now: Date;
  event: TProviderEvent;
}): Promise<'handled' | 'duplicate' | 'ignored'> {
  const { event } = opts;
  if (!event.customerId) return 'ignored';
  if (await BillingEvent.query(opts.db).findById(event.id)) return 'duplicate';
  await syncSubscription({ db: opts.db, billing: opts.billing, now: opts.now, customerId: event.customerId, event });
  return 'handled';
}
