import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Middleware } from 'koa';
import type { TSlotView } from '../../../core/contracts/cards.types.ts';
import type { TUserView } from '../../../core/contracts/user.types.ts';
import {
  FIRST_PAGE,
  FIRST_PAGE_ELEMENT_ID,
  FIRST_PAGE_PATH,
  FIRST_THUMBS,
  USER_ELEMENT_ID,
  WALL_COOKIE,
  WALL_SETTINGS_ELEMENT_ID,
} from '../../../core/first-screen.ts';
import type { TDeps } from '../../deps.ts';
import { currentUser } from '../../middleware/session.ts';
import { userAnswer } from '../user/user-answer.ts';

/** Where the built page asks the browser to preload the first page (gallery.astro): the server puts the page's data there instead. */
export const FIRST_PAGE_PRELOAD = `<link rel="preload" href="${FIRST_PAGE_PATH}" as="fetch" crossorigin="use-credentials">`;
/** The built page's preload of the user, dropped where the page carries the user itself. */
export const USER_PRELOAD = '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** JSON inside a `<script type="application/json">`: its `<` escaped, so no text in it can end the element. */
const jsonElement = (id: string, json: string) => `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;

/** Where the built page has the wall's placeholder (gallery.astro): the server draws the first screen there. */
export const FIRST_SCREEN_START = '<!--first-screen-->';
export const FIRST_SCREEN_END = '<!--/first-screen-->';

/**
 * What the server writes into /gallery's head for a signed-in user: the user and the first page of
 * cards as JSON, the look the first screen was drawn with (if it was), and a preload of the first
 * row's thumbnails.
 */
export function firstScreenMarkup(userJson: string, cardsJson: string, cards: readonly TSlotView[], lookJson?: string): string {
  const thumbs = cards
    .slice(0, FIRST_THUMBS)
    .flatMap((c) => (c.thumbUrl ? [`<link rel="preload" as="image" href="${attr(c.thumbUrl)}" fetchpriority="high">`] : []));
  return (
    jsonElement(USER_ELEMENT_ID, userJson)
    + jsonElement(FIRST_PAGE_ELEMENT_ID, cardsJson)
    + (lookJson ? jsonElement(WALL_SETTINGS_ELEMENT_ID, lookJson) : '')
    + thumbs.join('')
  );
}

type TRenderFirstScreen = (input: { user: TUserView; cards: readonly TSlotView[]; wallCookie: string | undefined }) => { html: string; look: unknown };

/** The site build's server half of the first screen (site/build/server-modules.ts), or null for a build without it. */
async function firstScreenRenderer(siteDir: string): Promise<TRenderFirstScreen | null> {
  try {
    const module = (await import(pathToFileURL(path.join(siteDir, 'server', 'first-screen.mjs')).href)) as { renderFirstScreen: TRenderFirstScreen };
    return module.renderFirstScreen;
  } catch {
    return null;
  }
}

/**
 * /gallery's server half, after the page guard: the built page (`built`, gallery.html) with the
 * signed-in user (as GET /api/user answers) and their first page of cards (from the gallery cache
 * GET /api/cards uses, so no extra query once it is warm) written in, the first row's thumbnails
 * preloaded, and the wall's first screen drawn in the user's layout (its cookie) by the page's own
 * React code, which the browser then hydrates. The photos of the first rows are in the HTML, so
 * they load with the page and show before any script has run. A build without the placeholders
 * is served as it is; a draw that fails leaves the drawing to the browser.
 */
export async function galleryPage(deps: TDeps, siteDir: string, built: string, csp: string | undefined): Promise<Middleware> {
  const at = built.indexOf(FIRST_PAGE_PRELOAD);
  if (at < 0) {
    deps.log.warn({ siteDir }, '/gallery has no first-page preload to fill: the page asks for its first cards itself');
    return (_ctx, next) => next();
  }
  const head = built.slice(0, at).replace(USER_PRELOAD, '');
  const rest = built.slice(at + FIRST_PAGE_PRELOAD.length);
  const start = rest.indexOf(FIRST_SCREEN_START);
  const end = rest.indexOf(FIRST_SCREEN_END);
  const render = start >= 0 && end > start ? await firstScreenRenderer(siteDir) : null;
  if (!render) deps.log.warn({ siteDir }, '/gallery is served without its first screen drawn: the build has no placeholder or no dist/server/first-screen.mjs');
  const gallery = deps.galleryCache;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const { user } = await currentUser(ctx, deps);
    if (!user) return next();
    const [cards, answer] = await Promise.all([gallery.get(deps.db, user, FIRST_PAGE), userAnswer(deps, user)]);
    const json = gunzipSync(cards.gzip).toString('utf8');
    const list = JSON.parse(json) as TSlotView[];
    let drawn: { html: string; look: unknown } | null = null;
    try {
      drawn = render?.({ user: answer, cards: list, wallCookie: ctx.cookies.get(WALL_COOKIE) }) ?? null;
    } catch (err) {
      deps.log.error({ err }, '/gallery: the first screen could not be drawn; the browser draws it');
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    if (csp) ctx.set('Content-Security-Policy', csp);
    else ctx.remove('Content-Security-Policy');
    const markup = firstScreenMarkup(JSON.stringify(answer), json, list, drawn ? JSON.stringify(drawn.look) : undefined);
    ctx.body = drawn ? head + markup + rest.slice(0, start) + drawn.html + rest.slice(end + FIRST_SCREEN_END.length) : head + markup + rest;
  };
}
