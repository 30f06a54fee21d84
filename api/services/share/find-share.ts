import type { Knex } from 'knex';
import { Share } from '../../../db/models/Share.ts';

/** The user's live share link, or undefined. */
export async function findLiveShare(db: Knex, userId: number): Promise<Share | undefined> {
  return Share.query(db).where({ userId }).whereNull('revokedAt').first();
}
