import fs from 'node:fs/promises';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { THEME_COOKIE, themeOf, withTheme } from '../core/theme.ts';
import type { TDeps } from './deps.ts';
import { currentUser } from './middleware/session.ts';
import { loadStaticFiles, rewrittenFile, sendStaticFile, staticFiles, type TStaticFile } from './middleware/static-files.ts';
import { galleryPage } from './routes/gallery/gallery-page.ts';
import { sharePage } from './routes/share/share-page.ts';

/** Pages only a signed-in user may open (docs/product.md §2); others are sent to /auth. */
const PROTECTED = ['/gallery', '/subscribe', '/account', '/admin', '/payment-success', '/test-billing-portal'];

/**
 * Pages that are the same for every visitor and hold nothing of theirs (a signed-in user asking for
 * the landing is sent to /gallery): sent without the Cross-Origin-Opener-Policy every other answer
 * carries (docs/choices.md 49). The header would guard nothing there, and it costs a page opened
 * from a blank tab a renderer of its own before its first paint (45-60 ms measured here).
 */
const SAME_FOR_EVERYONE = ['/', '/404'];

/** The theme a request's visitor chose (its cookie). */
const themeFor = (ctx: Context) => themeOf(ctx.cookies.get(THEME_COOKIE));

type TAstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals?: object) => Promise<void>;

/**
 * The site half of the app, in this order: assets, page guards, /gallery with its first
 * page of cards, static pages (all files from memory; hashed assets cached for a year), Astro's handler for server-rendered pages, and the landing page as
 * the answer to any unknown path (docs/product.md §2). Every page is sent in the visitor's theme
 * (the `ratio-theme` cookie, core/theme.ts) on its `<html>`, so no script runs before first paint.
 */
export async function sitePages(deps: TDeps, siteDir: string): Promise<Middleware[]> {
  const clientDir = path.join(siteDir, 'client');
  const pageCsp = await readPageCsp(siteDir);
  if (!pageCsp.size) deps.log.warn({ siteDir }, 'the site build lists no Content-Security-Policy (dist/_headers.json): pages are served without one');
  // Every file of the built site in memory, with its compressed copies and headers, read once here.
  const files = await loadStaticFiles(clientDir, {
    headersFor(name): Record<string, string | null> {
      if (name.startsWith('_astro/')) return { 'Cache-Control': 'public, max-age=31536000, immutable' };
      if (!name.endsWith('.html')) return { 'Cache-Control': 'public, max-age=3600' };
      // A page missing from the build's list (an older build) is served without a policy rather than broken by the API's.
      // Vary: Cookie, as a page comes in the visitor's theme (its cookie).
      const page = pageOf(`/${name}`);
      return {
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': pageCsp.get(page) ?? null,
        Vary: 'Cookie',
        ...(SAME_FOR_EVERYONE.includes(page) ? { 'Cross-Origin-Opener-Policy': null } : {}),
      };
    },
  });
  // Each page in the light theme, made the first time a visitor with the light theme asks for it.
  const lightPages = new Map<string, TStaticFile>();
  const themed = (ctx: Context, file: TStaticFile): TStaticFile => {
    if (!file.name.endsWith('.html') || themeFor(ctx) === 'dark') return file;
    let light = lightPages.get(file.name);
    if (!light) {
      light = rewrittenFile(file, Buffer.from(withTheme(file.bodies.identity.toString('utf8'), 'light')));
      lightPages.set(file.name, light);
    }
    return light;
  };
  const notFoundPage = files.get('404.html') ?? files.get('index.html');
  const entry = path.join(siteDir, 'server', 'entry.mjs');
  const astro = (await import(pathToFileURL(entry).href)) as { handler: TAstroHandler };

  const guards: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // The page the static server would pick for this path (it decodes and normalises it too).
    const page = pageOf(ctx.path);
    if (PROTECTED.includes(page)) {
      ctx.set('Cache-Control', 'no-store');
      if (!(await currentUser(ctx, deps)).user) return ctx.redirect('/auth');
    } else if (page === '/') {
      ctx.set('Cache-Control', 'no-store');
      if ((await currentUser(ctx, deps)).user) return ctx.redirect('/gallery');
    }
    return next();
  };

  // /gallery with the user's first page of cards written in and its first screen drawn (the static page for anyone else).
  const gallery = await galleryPage(deps, siteDir, files.get('gallery.html')?.bodies.identity.toString('utf8') ?? '', pageCsp.get('/gallery'));
  const galleryFirstScreen: Middleware = async (ctx, next) => {
    if (pageOf(ctx.path) !== '/gallery') return next();
    await gallery(ctx, next);
    // The page drawn here (a string); the static page a visitor gets instead is themed where it is sent.
    if (typeof ctx.body === 'string') ctx.body = withTheme(ctx.body, themeFor(ctx));
  };

  // Assets before the page guards (no page among them); pages after them.
  const assets = staticFiles(files, (file) => !file.name.endsWith('.html'));
  const pages = staticFiles(files, undefined, themed);

  const astroPages: Middleware = async (ctx, next) => {
    // The shared page is drawn into Koa's response, so it is compressed like every page (docs/choices.md 47).
    if (ctx.state.astroLocals) return renderCaptured(ctx, astro.handler, next);
    let fellThrough = false;
    ctx.respond = false;
    // Locals a middleware before this one prepared for the page (the shared page's wall).
    await astro.handler(
      ctx.req,
      ctx.res,
      () => {
        fellThrough = true;
      },
      ctx.state.astroLocals as object | undefined,
    );
    if (fellThrough) {
      ctx.respond = true;
      await next();
    }
  };

  const landing: Middleware = (ctx) => {
    if (notFoundPage) sendStaticFile(ctx, themed(ctx, notFoundPage), 404);
    else ctx.status = 404;
  };

  return [assets, guards, galleryFirstScreen, pages, sharePage(deps, landing), astroPages, landing];
}

/**
 * The page a path names, as the static server resolves it: percent-decoded, dot segments and
 * repeated slashes resolved, without `.html` or a trailing slash ('/%67allery/' and '/./gallery'
 * are '/gallery'; '/index.html' is '/').
 */
export function pageOf(urlPath: string): string {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // Malformed escapes: the static server refuses the path; the guards see it as it came.
  }
  const page =
    path.posix
      .normalize(decoded)
      .replace(/\.html$/, '')
      .replace(/\/+$/, '') || '/';
  return page === '/index' ? '/' : page;
}

/**
 * Each page's Content-Security-Policy, by page path, from dist/_headers.json: the build writes it
 * with the hashes of the page's own scripts and styles (astro.config.mjs `security.csp`).
 */
async function readPageCsp(siteDir: string): Promise<Map<string, string>> {
  const file = path.join(siteDir, '_headers.json');
  const text = await fs.readFile(file, 'utf8').catch(() => '[]');
  const entries = JSON.parse(text) as Array<{ pathname: string; headers: Array<{ key: string; value: string }> }>;
  const map = new Map<string, string>();
  for (const { pathname, headers } of entries) {
    const csp = headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (csp) map.set(pageOf(pathname), csp.value);
  }
  return map;
}

/**
 * Runs Astro's handler into a stand-in response and hands what it wrote to Koa (status, headers,
 * body), so the middleware before it (gzip) applies. The handler writes with writeHead, write and end
 * (astro/dist/core/app/node.js writeResponse) and awaits the whole body.
 */
async function renderCaptured(ctx: Parameters<Middleware>[0], handler: TAstroHandler, next: () => Promise<unknown>): Promise<void> {
  let fellThrough = false;
  const chunks: Buffer[] = [];
  let status = 200;
  let head: Record<string, string | string[] | number | undefined> = {};
  const listeners = new EventEmitter();
  const capture = Object.assign(listeners, {
    req: ctx.req,
    statusMessage: '',
    writeHead(code: number, headers?: Record<string, string | string[] | number | undefined>) {
      status = code;
      head = headers ?? {};
      return capture;
    },
    setHeader(name: string, value: string | string[] | number) {
      head[name] = value;
      return capture;
    },
    write(chunk: Uint8Array | string) {
      chunks.push(Buffer.from(chunk));
      return true;
    },
    end(chunk?: Uint8Array | string) {
      if (chunk) chunks.push(Buffer.from(chunk));
      listeners.emit('finish');
      return capture;
    },
  });
  await handler(
    ctx.req,
    capture as unknown as ServerResponse,
    () => {
      fellThrough = true;
    },
    ctx.state.astroLocals as object | undefined,
  );
  if (fellThrough) return void (await next());
  ctx.status = status;
  for (const [name, value] of Object.entries(head)) {
    if (value === undefined || name.toLowerCase() === 'content-length') continue;
    ctx.set(name, Array.isArray(value) ? value : String(value));
  }
  const body = Buffer.concat(chunks);
  // A page in the visitor's theme (the shared page is the one page Astro draws per request).
  ctx.body = ctx.response.is('html') ? Buffer.from(withTheme(body.toString('utf8'), themeFor(ctx))) : body;
}
