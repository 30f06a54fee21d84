import { gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import type { TSlotView } from '../../../core/contracts/cards.types.ts';

/** A user's GET /api/cards answer, serialized and gzipped once per gallery version. */
export interface TGalleryAnswer {
  etag: string;
  gzip: Buffer;
}

/** Memory the cache may hold (gzipped answers: a 1,000-card gallery is ~60 KB). */
const MAX_BYTES = 32 * 1024 * 1024;
/** First pages (?limit=N) kept per user beside the whole wall: the site asks for one size. */
const MAX_PAGES = 4;

type TEntry = { version: number; answers: Map<number | 'all', TGalleryAnswer> };
const size = (entry: TEntry) => [...entry.answers.values()].reduce((sum, a) => sum + a.gzip.length, 0);

/**
 * Serves a gallery (up to 1,000 slots), or its first page, without re-reading and re-serializing
 * it on every request. Entries are keyed by the user's gallery version, which every write bumps in
 * its transaction (lockUser), and the version comes with the session's user row, which the session
 * cache forgets as soon as the database announces the user's change (services/bus/): a write by any
 * process makes the next read here rebuild. Least recently used users drop out past MAX_BYTES.
 */
export function createGalleryCache(present: (card: CardSlot) => TSlotView) {
  const entries = new Map<number, TEntry>();
  let bytes = 0;
  const drop = (userId: number) => {
    const old = entries.get(userId);
    if (old) bytes -= size(old);
    entries.delete(userId);
  };
  return {
    /**
     * The current answer for this user (built if the cached one is older than user.galleryVersion):
     * every filled slot, or with `limit` the first `limit` filled slots in slot order.
     */
    async get(db: Knex, user: User, limit?: number): Promise<TGalleryAnswer> {
      const key = limit ?? 'all';
      let entry = entries.get(user.id);
      if (entry && entry.version !== user.galleryVersion) {
        drop(user.id);
        entry = undefined;
      }
      if (entry) {
        // Most recently used last.
        entries.delete(user.id);
        entries.set(user.id, entry);
      } else {
        entry = { version: user.galleryVersion, answers: new Map() };
        entries.set(user.id, entry);
      }
      const hit = entry.answers.get(key);
      if (hit) return hit;

      // card_slots alone: a market value's details are in card_market, which the wall never reads.
      const query = CardSlot.query(db).modify('ofUser', user.id);
      const cards = limit === undefined ? await query : await query.limit(limit);
      const tag = limit === undefined ? '' : `-${limit}`;
      const answer = { etag: `"g${user.id}-${user.galleryVersion}${tag}"`, gzip: gzipSync(JSON.stringify(cards.map(present)), { level: 6 }) };
      const pages = [...entry.answers.keys()].filter((k) => k !== 'all');
      if (key !== 'all' && pages.length >= MAX_PAGES) {
        bytes -= entry.answers.get(pages[0]!)!.gzip.length;
        entry.answers.delete(pages[0]!);
      }
      entry.answers.set(key, answer);
      bytes += answer.gzip.length;
      for (const oldest of entries.keys()) {
        if (bytes <= MAX_BYTES || oldest === user.id) break;
        drop(oldest);
      }
      return answer;
    },
  };
}

export type GalleryCache = ReturnType<typeof createGalleryCache>;
