import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { TShareAnswer } from '../../../core/contracts/share.types.ts';
import type { TDeps } from '../../deps.ts';
import { publicUrl, sessionSecret } from '../../env.ts';
import { notFound } from '../../errors.ts';
import { limitByIp } from '../../middleware/rate-limit.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentShareLink } from '../../presenters/share.ts';
import { createShare } from '../../services/share/create-share.ts';
import { findLiveShare, shareTokenOf } from '../../services/share/find-share.ts';
import type { Share } from '../../../db/models/Share.ts';
import { openShare, type TOpenShare } from '../../services/share/open-share.ts';
import { readSharedImage } from '../../services/share/read-shared-image.ts';
import { revokeShare } from '../../services/share/revoke-share.ts';
import { sharePreview } from '../../services/share/share-preview.ts';
import { updateShare } from '../../services/share/update-share.ts';
import { serve } from '../serve.ts';

/** The one answer for an unknown, revoked or lapsed link, whatever was asked of it. */
const notLive = () => notFound('This share link is not live', 'share_not_found');

/** The public address of a link. */
export const shareUrl = (deps: TDeps, token: string) => `${publicUrl(deps.env)}/share/${token}`;

/**
 * Share links (docs/choices.md 29): the owner's calls (GET/POST/PATCH/DELETE /api/share) and what a visitor
 * of a live link reads without an account: the wall as JSON, its photos and its preview image, each
 * rate limited per address. Everything a link opens answers the same 404 once it is revoked.
 */
export function shareRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);
  const secret = sessionSecret(deps.env);

  /** The live link's address for its owner, from the sealed token (docs/choices.md 47); null when it cannot be opened. */
  const ownersUrl = (share: Share) => {
    const token = shareTokenOf(share, secret);
    return token ? shareUrl(deps, token) : null;
  };

  serve(router, 'getShare', { use: [auth] }, async (ctx) => {
    const share = await findLiveShare(deps.db, userOf(ctx).id);
    const answer: TShareAnswer = share ? presentShareLink(share, ownersUrl(share)) : null;
    ctx.set('Cache-Control', 'no-store');
    return answer;
  });

  serve(router, 'createShare', { use: [auth] }, async (ctx, { body: input }) => {
    const { share, token } = await createShare({ db: deps.db, secret, userId: userOf(ctx).id, now: deps.clock(), input });
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    return presentShareLink(share, shareUrl(deps, token));
  });

  serve(router, 'updateShare', { use: [auth] }, async (ctx, { body: input }) => {
    const share = await updateShare({ db: deps.db, userId: userOf(ctx).id, now: deps.clock(), input });
    ctx.set('Cache-Control', 'no-store');
    return presentShareLink(share, ownersUrl(share));
  });

  serve(router, 'revokeShare', { use: [auth] }, async (ctx) => {
    const revoked = await revokeShare({ db: deps.db, userId: userOf(ctx).id, now: deps.clock() });
    return { revoked };
  });

  /** The live link a (well-formed) token opens; the same 404 for an unknown, revoked or lapsed one. */
  const open = async (ctx: Context, token: string): Promise<TOpenShare & { token: string }> => {
    const opened = await openShare({ db: deps.db, secret, token, now: deps.clock() });
    if (!opened) throw notLive();
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('X-Robots-Tag', 'noindex');
    return { ...opened, token };
  };
  const pageLimit = limitByIp(deps.limits.sharePageIp);

  serve(router, 'sharedWall', { use: [pageLimit], badParams: notLive }, async (ctx, { params }) => {
    const opened = await open(ctx, params.token);
    return await deps.sharedWalls.get(deps.db, opened, opened.token);
  });

  serve(router, 'sharePreview', { use: [pageLimit], badParams: notLive }, async (ctx, { params }) => {
    const opened = await open(ctx, params.token);
    const wall = await deps.sharedWalls.get(deps.db, opened, opened.token);
    ctx.type = 'image/png';
    ctx.body = await sharePreview({ db: deps.db, images: deps.images, open: opened, wall });
  });

  // Photos never change, but a link can be revoked: browsers keep them and ask again each time (304).
  // A malformed token answers as a dead link; a malformed photo address as a missing photo.
  const badImage = (error: z.ZodError) => (error.issues.some((i) => i.path[0] === 'token') ? notLive() : notFound('No such image'));
  serve(router, 'sharedImage', { use: [limitByIp(deps.limits.shareImageIp)], badParams: badImage }, async (ctx, { params }) => {
    const opened = await open(ctx, params.token);
    const etag = `"${params.id}-${params.variant}"`;
    const image = await readSharedImage({ db: deps.db, images: deps.images, open: opened, imageId: params.id, variant: params.variant });
    if (!image) throw notFound('No such image');
    ctx.set('ETag', etag);
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = image.mime;
    ctx.body = image.data;
  });

  return router;
}
