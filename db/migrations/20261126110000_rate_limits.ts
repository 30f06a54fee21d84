import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['rate_limits'];

/**
 * Rate limits shared by every API process when the deployment has PostgreSQL and no Redis
 * (rate-limiter-flexible's PostgreSQL store: one row per limiter key, expire in ms since epoch).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE TABLE rate_limits (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
