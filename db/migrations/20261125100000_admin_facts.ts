import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = [];

/**
 * What the admin dashboard charts read (spec §2 Admin dashboard): when each subscription started,
 * and indexes for the per-day series and the stats aggregates over many users and cards.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('subscription_started_at', { useTz: true }).comment("When the current subscription was created at the provider");
    t.index(['created_at'], 'users_created_at_idx');
  });
  await knex.schema.alterTable('card_slots', (t) => {
    t.index(['created_at'], 'card_slots_created_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_slots', (t) => {
    t.dropIndex(['created_at'], 'card_slots_created_at_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['created_at'], 'users_created_at_idx');
    t.dropColumn('subscription_started_at');
  });
}
