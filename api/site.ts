import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { TDeps } from './deps.ts';
import { currentUser } from './middleware/session.ts';

/** Pages only a signed-in user may open (spec §2); others are sent to /auth. */
const PROTECTED = ['/gallery', '/subscribe', '/account', '/admin'];

type TAstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => Promise<void>;

/**
 * The site half of the app, in the order stack-notes.md gives: page guards, static files (hashed
 * assets cached for a year), Astro's handler for server-rendered pages, and the landing page as
 * the answer to any unknown path (spec §2).
 */
export async function sitePages(deps: TDeps, siteDir: string): Promise<Middleware[]> {
  const clientDir = path.join(siteDir, 'client');
  const notFoundPage = await fs.readFile(path.join(clientDir, '404.html'), 'utf8')
    .catch(() => fs.readFile(path.join(clientDir, 'index.html'), 'utf8'));
  const entry = path.join(siteDir, 'server', 'entry.mjs');
  const astro = (await import(pathToFileURL(entry).href)) as { handler: TAstroHandler };

  const guards: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const page = ctx.path.replace(/\.html$/, '').replace(/\/$/, '') || '/';
    if (PROTECTED.includes(page)) {
      ctx.set('Cache-Control', 'no-store');
      if (!(await currentUser(ctx, deps)).user) return ctx.redirect('/auth');
    } else if (page === '/' || page === '/index') {
      ctx.set('Cache-Control', 'no-store');
      if ((await currentUser(ctx, deps)).user) return ctx.redirect('/gallery');
    }
    return next();
  };

  const statics = serve(clientDir, {
    extensions: ['html'],
    index: 'index.html',
    setHeaders(res, file) {
      if (file.includes(`${path.sep}_astro${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });

  const astroPages: Middleware = async (ctx, next) => {
    let fellThrough = false;
    ctx.respond = false;
    await astro.handler(ctx.req, ctx.res, () => { fellThrough = true; });
    if (fellThrough) {
      ctx.respond = true;
      await next();
    }
  };

  const landing: Middleware = (ctx) => {
    ctx.status = 404;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = notFoundPage;
  };

  return [guards, statics, astroPages, landing];
}
