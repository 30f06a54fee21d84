import { gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { presentSlot } from '../../presenters/card.ts';

/** A user's GET /api/cards answer, serialized once per gallery version. */
export interface TGalleryAnswer {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

const MAX_USERS = 500;

/**
 * Serves a gallery (up to 1,000 slots) without re-reading and re-serializing it on every request.
 * Entries are keyed by the user's gallery version, which every write bumps in its transaction
 * (lockUser), and the version comes with the session's user row: a write by any process makes
 * the next read here rebuild. Least recently used users drop out past MAX_USERS.
 */
export function createGalleryCache() {
  const entries = new Map<number, { version: number; answer: TGalleryAnswer }>();
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
      const json = Buffer.from(JSON.stringify(cards.map(presentSlot)));
      const answer = { etag: `"g${user.id}-${user.galleryVersion}"`, json, gzip: gzipSync(json, { level: 6 }) };
      entries.set(user.id, { version: user.galleryVersion, answer });
      if (entries.size > MAX_USERS) entries.delete(entries.keys().next().value!);
      return answer;
    },
  };
}

export type GalleryCache = ReturnType<typeof createGalleryCache>;
