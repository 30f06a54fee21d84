import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Middleware } from 'koa';
import type { TSlotView } from '../../../core/contracts/cards.types.ts';
import { FIRST_PAGE, FIRST_PAGE_ELEMENT_ID, FIRST_PAGE_PATH, FIRST_THUMBS, USER_ELEMENT_ID } from '../../../core/first-screen.ts';
import type { TDeps } from '../../deps.ts';
import { currentUser } from '../../middleware/session.ts';
import { galleryCacheOf } from '../../services/cards/gallery-cache.ts';
import { userAnswer } from '../user/user-answer.ts';

/** Where the built page asks the browser to preload the first page (gallery.astro): the server puts the page's data there instead. */
export const FIRST_PAGE_PRELOAD = `<link rel="preload" href="${FIRST_PAGE_PATH}" as="fetch" crossorigin="use-credentials">`;
/** The built page's preload of the user, dropped where the page carries the user itself. */
export const USER_PRELOAD = '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** JSON inside a `<script type="application/json">`: its `<` escaped, so no text in it can end the element. */
const jsonElement = (id: string, json: string) => `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;

/**
 * What the server writes into /gallery for a signed-in user: the user and the first page of cards
 * as JSON, and a preload of the first row's thumbnails.
 */
export function firstScreenMarkup(userJson: string, cardsJson: string, cards: readonly TSlotView[]): string {
  const thumbs = cards.slice(0, FIRST_THUMBS).flatMap((c) => (c.thumbUrl ? [`<link rel="preload" as="image" href="${attr(c.thumbUrl)}" fetchpriority="high">`] : []));
  return jsonElement(USER_ELEMENT_ID, userJson) + jsonElement(FIRST_PAGE_ELEMENT_ID, cardsJson) + thumbs.join('');
}

/**
 * /gallery's server half, after the page guard: the built page with the signed-in user (as GET
 * /api/user answers) and their first page of cards (from the gallery cache GET /api/cards uses, so
 * no extra query once it is warm) written in, and the first row's thumbnails preloaded. The wall's
 * first render then has what it shows, and the first screen's photos start with the page, not after
 * calls of the page's own. A build without the preload to replace is served as it is.
 */
export async function galleryPage(deps: TDeps, clientDir: string, csp: string | undefined): Promise<Middleware> {
  const built = await fs.readFile(path.join(clientDir, 'gallery.html'), 'utf8').catch(() => '');
  const at = built.indexOf(FIRST_PAGE_PRELOAD);
  if (at < 0) {
    deps.log.warn({ clientDir }, '/gallery has no first-page preload to fill: the page asks for its first cards itself');
    return (_ctx, next) => next();
  }
  const before = built.slice(0, at).replace(USER_PRELOAD, '');
  const after = built.slice(at + FIRST_PAGE_PRELOAD.length);
  const gallery = galleryCacheOf(deps);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const { user } = await currentUser(ctx, deps);
    if (!user) return next();
    const [cards, answer] = await Promise.all([gallery.get(deps.db, user, FIRST_PAGE), userAnswer(deps, user)]);
    const json = gunzipSync(cards.gzip).toString('utf8');
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    if (csp) ctx.set('Content-Security-Policy', csp);
    else ctx.remove('Content-Security-Policy');
    ctx.body = before + firstScreenMarkup(JSON.stringify(answer), json, JSON.parse(json) as TSlotView[]) + after;
  };
}
