import type { Knex } from 'knex';
import { CACHE_CHANNEL } from '../cache-channel.ts';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = [];

/**
 * Triggers that announce, on commit, every change that makes a cached session lookup stale: any
 * update or delete of a user row (rights, billing facts, the gallery version every card write
 * bumps) and any session ended or re-pointed. The payload is the user's id. Whoever writes (an API
 * process, a `ratio` command, psql) is covered, because the database itself announces it; the
 * API processes listen (api/services/bus/). A session's last_seen_at touch announces nothing.
 */
export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of [
    ['users', 'id'],
    ['sessions', 'user_id'],
  ] as const) {
    await knex.raw(`
      CREATE FUNCTION ratio_notify_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CACHE_CHANNEL}', OLD.${column}::text);
        RETURN NULL;
      END $$`);
  }
  await knex.raw('CREATE TRIGGER users_notify_cache AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION ratio_notify_users()');
  await knex.raw(
    'CREATE TRIGGER sessions_notify_cache AFTER DELETE OR UPDATE OF user_id, expires_at ON sessions FOR EACH ROW EXECUTE FUNCTION ratio_notify_sessions()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS sessions_notify_cache ON sessions');
  await knex.raw('DROP TRIGGER IF EXISTS users_notify_cache ON users');
  await knex.raw('DROP FUNCTION IF EXISTS ratio_notify_sessions()');
  await knex.raw('DROP FUNCTION IF EXISTS ratio_notify_users()');
}
