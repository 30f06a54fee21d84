import type { Knex } from 'knex';
import type { CacheBus } from '../bus/cache-bus.ts';

/** A session row joined with its user, as findSessionUser reads it. */
export type TSessionRow = Record<string, unknown> & { id: number; sessionExpiresAt: Date; sessionLastSeenAt: Date };

const TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

/**
 * Remembers session lookups (session + user row) for a few seconds, and forgets them the moment
 * they may be stale:
 * - any insert, update or delete this process sends through `db` empties the cache, as it is sent
 *   and as it returns (a logout answered here is refused here by the next request);
 * - with a `bus` (PostgreSQL, or the embedded database's owner), a change committed by any other
 *   process (another API process, a `ratio` command) drops that user's entries as the database
 *   announces it; before answering from memory it waits until every notification committed
 *   before the request has arrived (bus.sync: one shared round trip on PostgreSQL, one turn of the
 *   event loop on the embedded database), and nothing is served from memory while the bus is not
 *   live. Without a bus, the database must have no other client (PGlite in this process: tests).
 * A generation counter keeps a read that raced a write or a notification from being stored.
 */
export function createSessionCache(db: Knex, bus?: CacheBus) {
  const entries = new Map<string, { row: TSessionRow; at: number }>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  // As a write is sent and again as it (or its COMMIT) returns: a read that overlapped it is not kept.
  const onWrite = (q: { method?: string; sql?: string }) => {
    if (q.method !== 'select' && q.method !== 'first' && !/^\s*select\b/i.test(q.sql ?? '')) clear();
  };
  db.on('query', onWrite);
  db.on('query-response', (_response: unknown, q: { method?: string; sql?: string }) => onWrite(q));
  bus?.subscribe((userId) => {
    if (userId === null) return clear();
    generation++;
    for (const [id, entry] of entries) if (entry.row.id === userId) entries.delete(id);
  });
  return {
    /** The cached row, or the result of `load` (stored unless a write happened meanwhile). */
    async get(id: string, load: () => Promise<TSessionRow | undefined>): Promise<TSessionRow | undefined> {
      if (bus && !bus.live) return load();
      const before = generation;
      if (entries.has(id) && bus) {
        // Everything committed before this request is heard first (it may drop the entry).
        const synced = await bus.sync().then(
          () => true,
          () => false,
        );
        if (!synced) return load();
      }
      const hit = entries.get(id);
      if (hit && performance.now() - hit.at < TTL_MS) return hit.row;
      const row = await load();
      if (row && generation === before) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(id, { row, at: performance.now() });
      }
      return row;
    },
    /** Stops listening (the server's shutdown). */
    async close(): Promise<void> {
      entries.clear();
      await bus?.close();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
