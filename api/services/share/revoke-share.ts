import type { Knex } from 'knex';
import { Share } from '../../../db/models/Share.ts';

/**
 * Revokes the user's live link: from now on it shows the not-found page. The row stays (revoked_at
 * set). Idempotent; allowed whatever the account's state, so a lapsed account can still take its
 * wall offline. Returns whether a live link was revoked.
 */
export async function revokeShare(opts: { db: Knex; userId: number; now: Date }): Promise<boolean> {
  const count = await Share.query(opts.db).patch({ revokedAt: opts.now, tokenSealed: null }).where({ userId: opts.userId }).whereNull('revokedAt');
  return count > 0;
}
