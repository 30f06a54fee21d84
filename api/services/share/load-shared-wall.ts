import type { Knex } from 'knex';
import type { TSharedWall } from '../../../core/contracts/share.types.ts';
import { sharedSlotCount } from '../../../core/share.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { TOpenShare } from './open-share.ts';

/** Walls kept in memory (a 1,000-card wall is ~250 KB of objects). */
const MAX_ENTRIES = 200;

/**
 * The wall a live link shows, read once per gallery version and link settings: every write to the
 * gallery bumps users.gallery_version (lockUser) and every change to the link its updated_at, so a
 * cached wall is never stale. Least recently used walls drop out past MAX_ENTRIES.
 */
export function createSharedWallCache(present: (open: TOpenShare, cards: readonly CardSlot[], token: string, total: number) => TSharedWall) {
  const entries = new Map<number, { key: string; wall: TSharedWall }>();
  return {
    async get(db: Knex, open: TOpenShare, token: string): Promise<TSharedWall> {
      const key = `${open.owner.galleryVersion}:${open.share.updatedAt.getTime()}:${token}`;
      const hit = entries.get(open.share.id);
      entries.delete(open.share.id);
      if (hit && hit.key === key) {
        entries.set(open.share.id, hit);
        return hit.wall;
      }
      const slotCount = sharedSlotCount(open.layout, open.share.customCount);
      const [cards, total] = await Promise.all([
        CardSlot.query(db).modify('ofUser', open.owner.id).where('slotNumber', '<=', slotCount),
        CardSlot.query(db).modify('ofUser', open.owner.id).resultSize(),
      ]);
      const wall = present(open, cards, token, total);
      entries.set(open.share.id, { key, wall });
      for (const oldest of entries.keys()) {
        if (entries.size <= MAX_ENTRIES) break;
        entries.delete(oldest);
      }
      return wall;
    },
  };
}

export type SharedWallCache = ReturnType<typeof createSharedWallCache>;
