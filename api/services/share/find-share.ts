import type { Knex } from 'knex';
import { Share } from '../../../db/models/Share.ts';
import { hashToken, openSealedToken, SHARE_SEAL } from '../../lib/tokens.ts';

/** The user's live share link, or undefined. */
export async function findLiveShare(db: Knex, userId: number): Promise<Share | undefined> {
  return Share.query(db).where({ userId }).whereNull('revokedAt').first();
}

/**
 * The live link's token for its owner (docs/choices.md 47), from its seal; null for a link made before tokens
 * were sealed, or a seal another secret made (the secret was rotated): the owner makes a new link.
 * Checked against the stored hash, so a seal swapped in from another row opens nothing.
 */
export function shareTokenOf(share: Share, secret: string): string | null {
  if (!share.tokenSealed) return null;
  const token = openSealedToken(share.tokenSealed, secret, SHARE_SEAL);
  return token !== null && hashToken(token, secret) === share.tokenHash ? token : null;
}
