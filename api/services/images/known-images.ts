import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { CardImage } from '../../../db/models/CardImage.ts';

/** What the image route needs of an image's row: its owner and type. */
export type TImageFacts = Pick<CardImage, 'id' | 'userId' | 'mime'>;

/**
 * Image rows remembered after their first read: a row is only ever inserted or deleted, never
 * changed, and its id is random, so a wall's thumbnails cost no query each. A deletion forgets its
 * rows here at once (deleteImageRows); in another process a remembered row outlives its deletion
 * only until its files are removed (moments later), and ten minutes at most.
 */
const known = new LRUCache<string, TImageFacts>({ max: 20_000, ttl: 10 * 60_000 });

/** The row of an image, remembered or read. */
export async function findImage(db: Knex, id: string): Promise<TImageFacts | undefined> {
  const cached = known.get(id);
  if (cached) return cached;
  const row = await CardImage.query(db).findById(id).select('id', 'userId', 'mime');
  if (!row) return undefined;
  const facts = { id: row.id, userId: row.userId, mime: row.mime };
  known.set(id, facts);
  return facts;
}

/** Forgets images whose rows are being deleted. */
export function forgetImages(ids: readonly string[]): void {
  for (const id of ids) known.delete(id);
}
