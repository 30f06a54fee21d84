import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import { isLayoutId, type TLayoutId } from '../../../core/gallery.ts';
import { canShare } from '../../../core/share.ts';
import { Share } from '../../../db/models/Share.ts';
import { User } from '../../../db/models/User.ts';
import { hashToken } from '../../lib/tokens.ts';

/** A live link as a visitor reaches it: the share and its owner's row (never sent as they are). */
export interface TOpenShare {
  share: Share;
  layout: TLayoutId;
  owner: User;
}

/** Every column but the preview image's bytes. */
const SHARE_COLUMNS = ['id', 'userId', 'showValues', 'title', 'layout', 'customCount', 'previewVersion', 'createdAt', 'updatedAt', 'revokedAt'];

/**
 * The share a token opens, or null when the token is unknown, the link was revoked, or the owner's
 * account no longer has sharing (a lapsed trial or subscription: the link returns with PRO).
 * Two indexed reads; the token is compared by its keyed hash. The cached preview image is not read.
 */
export async function openShare(opts: { db: Knex; secret: string; token: string; now: Date }): Promise<TOpenShare | null> {
  const share = await Share.query(opts.db)
    .select(SHARE_COLUMNS)
    .where('tokenHash', hashToken(opts.token, opts.secret))
    .whereNull('revokedAt')
    .first();
  if (!share) return null;
  const owner = await User.query(opts.db).findById(share.userId);
  if (!owner || !canShare(accountState(owner, opts.now))) return null;
  return { share, owner, layout: isLayoutId(share.layout) ? share.layout : '4x5' };
}
