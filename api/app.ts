import Koa from 'koa';
import compress from 'koa-compress';
import type { TDeps } from './deps.ts';
import { publicUrl } from './env.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { requestLog } from './middleware/request-log.ts';
import { sameOriginOnly, securityHeaders } from './middleware/security.ts';
import { routeDispatcher } from './routes/dispatch.ts';
import { apiRouter } from './routes/index.ts';
import { sitePages } from './site.ts';

export interface TAppOptions {
  /** The built site (dist/); omitted, only the API is served (API tests). */
  siteDir?: string;
}

/**
 * The Koa app: request log -> security headers -> errors -> compression -> same-origin check -> /api router ->
 * the site (page guards, static files, Astro, the landing page for unknown paths).
 */
export async function createApp(deps: TDeps, options: TAppOptions = {}): Promise<Koa> {
  // Behind proxies, the client's address is the one the proxies appended to X-Forwarded-For: only the
  // last TRUSTED_PROXIES entries count (leftmost entries are whatever the client sent).
  const app = new Koa({ proxy: deps.env.TRUST_PROXY, maxIpsCount: deps.env.TRUSTED_PROXIES });
  app.silent = true;
  app.use(requestLog(deps.log));
  // Draining for shutdown: each connection closes after its response, so none is left idle.
  app.use((ctx, next) => {
    if (deps.lifecycle?.draining) ctx.set('Connection', 'close');
    return next();
  });
  app.use(securityHeaders({ production: deps.env.NODE_ENV === 'production' }));
  app.use(errorHandler(deps.log));
  // gzip only: brotli and zstd cost several times more CPU per response on this 2-core budget.
  app.use(compress({ threshold: 1024, br: false, zstd: false, deflate: false }));
  app.use(sameOriginOnly(() => [publicUrl(deps.env)], ['/api/stripe/webhook']));
  app.use(routeDispatcher(apiRouter(deps), '/api'));
  if (options.siteDir) {
    for (const mw of await sitePages(deps, options.siteDir)) app.use(mw);
  }
  return app;
}
