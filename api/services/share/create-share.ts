import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import type { TCreateShare } from '../../../core/contracts/share.types.ts';
import { canShare } from '../../../core/share.ts';
import { Share } from '../../../db/models/Share.ts';
import { upgradeRequired } from '../../errors.ts';
import { hashToken, newToken, sealToken, SHARE_SEAL } from '../../lib/tokens.ts';
import { lockAccount } from '../accounts/lock-user.ts';

/** The refusal a user without sharing gets (403 { requiresUpgrade: true }). */
export const sharingNeedsPro = () => upgradeRequired('Collection sharing is a PRO feature. Upgrade to PRO to share your wall.');

/**
 * Makes a new share link for the user's wall, revoking any live one in the same transaction (one
 * live link per user). Only accounts with PRO features may share (core/share.ts). Returns the new
 * row and its token: the token's keyed hash opens the link, and the token is kept sealed with a
 * server key so its owner can copy it again from any device (docs/choices.md 47; findLiveShareUrl).
 */
export async function createShare(opts: {
  db: Knex;
  secret: string;
  userId: number;
  now: Date;
  input: TCreateShare;
}): Promise<{ share: Share; token: string }> {
  return opts.db.transaction(async (trx) => {
    const user = await lockAccount(trx, opts.userId);
    if (!user || !canShare(accountState(user, opts.now))) throw sharingNeedsPro();
    await Share.query(trx).patch({ revokedAt: opts.now, tokenSealed: null }).where({ userId: user.id }).whereNull('revokedAt');
    const token = newToken();
    const share = await Share.query(trx).insertAndFetch({
      userId: user.id,
      tokenHash: hashToken(token, opts.secret),
      tokenSealed: sealToken(token, opts.secret, SHARE_SEAL),
      showValues: opts.input.showValues,
      showOwnerName: opts.input.showOwnerName,
      title: opts.input.title,
      layout: opts.input.layout,
      customCount: opts.input.customCount,
      createdAt: opts.now,
      updatedAt: opts.now,
    });
    return { share, token };
  });
}
