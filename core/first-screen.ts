/**
 * The first screen of /gallery, shared by the page (site/src/lib/first-screen-boot.ts, the stores)
 * and its server half (api/routes/gallery/gallery-page.ts): the signed-in user and the first page
 * of cards come with the page, written into it by the server, so the wall's first render already
 * has them; failing that, the page's inline script asks for the cards and the island for the user.
 */

import * as API from './contracts/api.ts';
import { callUrl } from './contracts/call.ts';

/** Filled slots in the first page of GET /api/cards: more than any first screen shows. */
export const FIRST_PAGE = 60;
export const FIRST_PAGE_PATH = callUrl(API.listCards, { query: { limit: FIRST_PAGE } });
/** The id of the element holding the first page as JSON (`<script type="application/json">`). */
export const FIRST_PAGE_ELEMENT_ID = 'ratio-first-page';
/** The id of the element holding the signed-in user as GET /api/user answers it. */
export const USER_ELEMENT_ID = 'ratio-user';
/**
 * Slots the server draws into /gallery (and the browser's hydrating render holds): four rows of
 * the widest fitted wall at 1280 px, fourteen on a phone; the rest of the window follows once the
 * wall is measured. Fewer slots are less for the browser to hydrate in one task.
 */
export const FIRST_SCREEN_SLOTS = 28;
/** Thumbnails the server preloads with the page: the first row of the widest wall (8 columns). */
export const FIRST_THUMBS = 8;
/**
 * The cookie that mirrors how the wall is hung (layout, custom count, FULL GALLERY, REGISTRY MODE,
 * title: what the browser keeps in localStorage), so the server draws /gallery's first screen as the
 * browser will: `encodeURIComponent(JSON.stringify({ ...settings, title }))`, written by the site's
 * stores whenever one changes.
 */
export const WALL_COOKIE = 'ratio-wall';
/** The id of the element holding the settings the server drew the first screen with (JSON). */
export const WALL_SETTINGS_ELEMENT_ID = 'ratio-wall-settings';
/** The element the wall is drawn into (server) and hydrated in (browser). */
export const WALL_ROOT_ID = 'wall-root';
