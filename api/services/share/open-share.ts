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

/** The share's columns a visit reads, prefixed apart from the owner's (every column but the preview's bytes). */
const SHARE_COLUMNS = ['id', 'userId', 'showValues', 'showOwnerName', 'title', 'layout', 'customCount', 'previewVersion', 'createdAt', 'updatedAt'] as const;
const prefixed = (c: string) => `share${c[0]!.toUpperCase()}${c.slice(1)}`;

/**
 * The share a token opens, or null when the token is unknown, the link was revoked, or the owner's
 * account no longer has sharing (a lapsed trial or subscription: the link returns with PRO).
 * One indexed join (every photo of a wall asks); the token is compared by its keyed hash.
 */
export async function openShare(opts: { db: Knex; secret: string; token: string; now: Date }): Promise<TOpenShare | null> {
  const row = (await opts
    .db('shares')
    .join('users', 'users.id', 'shares.userId')
    .where('shares.tokenHash', hashToken(opts.token, opts.secret))
    .whereNull('shares.revokedAt')
    .first('users.*', ...SHARE_COLUMNS.map((c) => `shares.${c} as ${prefixed(c)}`))) as Record<string, unknown> | undefined;
  if (!row) return null;
  const shareColumns: Record<string, unknown> = { revokedAt: null };
  const userColumns: Record<string, unknown> = {};
  const shareKeys = new Map(SHARE_COLUMNS.map((c) => [prefixed(c), c]));
  for (const [key, value] of Object.entries(row)) {
    const column = shareKeys.get(key);
    if (column) shareColumns[column] = value;
    else userColumns[key] = value;
  }
  const owner = User.fromJson(userColumns, { skipValidation: true });
  if (!canShare(accountState(owner, opts.now))) return null;
  const share = Share.fromJson(shareColumns, { skipValidation: true });
  return { share, owner, layout: isLayoutId(share.layout) ? share.layout : '4x5' };
}
