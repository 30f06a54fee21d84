import type { Knex } from 'knex';

interface TKnexClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  pool?: { max?: number } | undefined;
}

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock (`pg_try_advisory_lock`), so that
 * two runs of one job, from any processes, never overlap. Returns `{ ran: false }` at once when
 * another holder has the lock; the lock is always released, and dies with the session if the
 * process does. On PostgreSQL the lock sits on a connection of its own, held until the end; on a
 * one-connection client (embedded PGlite) every query already shares that one session, so the
 * connection goes back to the pool and the session keeps the lock.
 */
export async function withJobLock<T>(db: Knex, key: number, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = db.client as TKnexClient;
  const connection = await client.acquireConnection();
  const dedicated = (client.pool?.max ?? 1) > 1;
  const on = <R>(query: Knex.Raw<R>) => query.connection(connection);
  let held = true;
  try {
    const { rows } = (await on(db.raw('SELECT pg_try_advisory_lock(?) AS ok', [key]))) as { rows: Array<{ ok: boolean }> };
    if (!rows[0]?.ok) return { ran: false };
    if (!dedicated) {
      held = false;
      await client.releaseConnection(connection);
    }
    try {
      return { ran: true, value: await fn() };
    } finally {
      if (dedicated) await on(db.raw('SELECT pg_advisory_unlock(?)', [key]));
      else await db.raw('SELECT pg_advisory_unlock(?)', [key]);
    }
  } finally {
    if (held) await client.releaseConnection(connection);
  }
}
