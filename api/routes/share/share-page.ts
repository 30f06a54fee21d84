import type { Middleware } from 'koa';
import { ZShareToken, type TSharedPageLocals } from '../../../core/contracts/share.types.ts';
import type { TDeps } from '../../deps.ts';
import { publicUrl, sessionSecret } from '../../env.ts';
import { consume } from '../../middleware/rate-limit.ts';
import { openShare } from '../../services/share/open-share.ts';
import { shareUrl } from './share.ts';

const SHARE_PAGE = /^\/share\/([^/]+)$/;

/**
 * The shared page's server half, before Astro's handler: rate limited per address, the link opened
 * (one query pair), and its wall handed to the page as Astro locals. An unknown, revoked or lapsed
 * link gets `notFoundPage` (the landing page's not-found variant, docs/product.md §2), as any unknown path does.
 */
export function sharePage(deps: TDeps, notFoundPage: Middleware): Middleware {
  const secret = sessionSecret(deps.env);
  return async (ctx, next) => {
    const match = SHARE_PAGE.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await consume([deps.limits.sharePageIp, ctx.ip]);
    const token = ZShareToken.safeParse(match[1]);
    const opened = token.success ? await openShare({ db: deps.db, secret, token: token.data, now: deps.clock() }) : null;
    if (!opened || !token.success) return notFoundPage(ctx, next);
    const wall = await deps.sharedWalls.get(deps.db, opened, token.data);
    const locals: TSharedPageLocals = { wall, url: shareUrl(deps, token.data), imageUrl: `${publicUrl(deps.env)}${wall.previewUrl}` };
    ctx.state.astroLocals = { sharedPage: locals };
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('X-Robots-Tag', 'noindex');
    return next();
  };
}
