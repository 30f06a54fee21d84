import { gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { presentSlot } from '../../presenters/card.ts';

/** A user's GET /api/cards answer, serialized and gzipped once per gallery version. */
export interface TGalleryAnswer {
  etag: string;
  gzip: Buffer;
}

/** Memory the cache may hold (gzipped answers: a 1,000-card gallery is ~60 KB). */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * Serves a gallery (up to 1,000 slots) without re-reading and re-serializing it on every request.
 * Entries are keyed by the user's gallery version, which every write bumps in its transaction
 * (lockUser), and the version comes with the session's user row, which the session cache forgets
 * as soon as the database announces the user's change (services/bus/): a write by any process
 * makes the next read here rebuild. Least recently used users drop out past MAX_BYTES.
 */
export function createGalleryCache() {
  const entries = new Map<number, { version: number; answer: TGalleryAnswer }>();
  let bytes = 0;
  const drop = (userId: number) => {
    const old = entries.get(userId);
    if (old) bytes -= old.answer.gzip.length;
    entries.delete(userId);
  };
  return {
    /** The current answer for this user (built if the cached one is older than user.galleryVersion). */
    async get(db: Knex, user: User): Promise<TGalleryAnswer> {
      const hit = entries.get(user.id);
      if (hit && hit.version === user.galleryVersion) {
        entries.delete(user.id);
        entries.set(user.id, hit);
        return hit.answer;
      }
      const cards = await CardSlot.query(db).modify('ofUser', user.id);
      const answer = { etag: `"g${user.id}-${user.galleryVersion}"`, gzip: gzipSync(JSON.stringify(cards.map(presentSlot)), { level: 6 }) };
      drop(user.id);
      entries.set(user.id, { version: user.galleryVersion, answer });
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
