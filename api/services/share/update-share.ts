import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import type { TUpdateShare } from '../../../core/contracts/share.types.ts';
import { canShare } from '../../../core/share.ts';
import { Share } from '../../../db/models/Share.ts';
import { notFound } from '../../errors.ts';
import { lockAccount } from '../accounts/lock-user.ts';
import { sharingNeedsPro } from './create-share.ts';

/** The answer when the user has no live link. */
export const noLiveShare = () => notFound('You have no live share link', 'share_not_found');

/**
 * Changes what the user's live link shows (values, title, layout); the link stays the same. The
 * cached preview image is dropped, so the next one shows the change.
 */
export async function updateShare(opts: { db: Knex; userId: number; now: Date; input: TUpdateShare }): Promise<Share> {
  return opts.db.transaction(async (trx) => {
    const user = await lockAccount(trx, opts.userId);
    if (!user || !canShare(accountState(user, opts.now))) throw sharingNeedsPro();
    const share = await Share.query(trx).where({ userId: user.id }).whereNull('revokedAt').first();
    if (!share) throw noLiveShare();
    return share.$query(trx).patchAndFetch({ ...opts.input, updatedAt: opts.now, previewPng: null, previewVersion: null });
  });
}
