import type { Knex } from 'knex';

/** A session row joined with its user, as findSessionUser reads it. */
export type TSessionRow = Record<string, unknown> & { sessionExpiresAt: Date; sessionLastSeenAt: Date };

const TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

/**
 * Remembers session lookups for PGlite running inside this process (the in-memory database of
 * tests), whose only client is this process:
 * any insert, update or delete sent through `db` empties the cache, so it can never serve a row
 * that this process changed, and a generation counter keeps a read that raced a write from being
 * stored. Not for a database other processes reach (PostgreSQL, or PGlite served from a data
 * directory, which the CLI writes through the server's socket).
 */
export function createSessionCache(db: Knex) {
  const entries = new Map<string, { row: TSessionRow; at: number }>();
  let generation = 0;
  db.on('query', (q: { method?: string; sql?: string }) => {
    if (q.method !== 'select' && q.method !== 'first' && !/^\s*select\b/i.test(q.sql ?? '')) {
      generation++;
      entries.clear();
    }
  });
  return {
    /** The cached row, or the result of `load` (stored unless a write happened meanwhile). */
    async get(id: string, load: () => Promise<TSessionRow | undefined>): Promise<TSessionRow | undefined> {
      const hit = entries.get(id);
      if (hit && performance.now() - hit.at < TTL_MS) return hit.row;
      const before = generation;
      const row = await load();
      if (row && generation === before) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(id, { row, at: performance.now() });
      }
      return row;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
