/**
 * /gallery's inline script (gallery.astro), run as the page parses, before the app's modules have
 * loaded: it takes the first page of cards (the request the page preloads) and starts the
 * thumbnails of the first row at high priority (below the page's head, banners and toolbar, the
 * first screen shows about one row; a second row only competed with the app's scripts), so the
 * first screen's images are on their way while the script loads. The store takes the same answer from window.__ratioFirstPage (loadCards); a refusal there
 * is left to the store, which asks again and reports it. The CSP allows it by its hash (csp.ts).
 */
import type { TSlotView } from '../../../core/contracts/cards.types.ts';

declare global {
  interface Window {
    /** The first page of cards as FIRST_SCREEN_SCRIPT received it, or null if it got none. */
    __ratioFirstPage?: Promise<TSlotView[] | null>;
    /** The first row's thumbnails as FIRST_SCREEN_SCRIPT started them (the store waits for them). */
    __ratioFirstThumbs?: HTMLImageElement[];
  }
}

/** Filled slots in the first page of GET /api/cards: more than any first screen shows. */
export const FIRST_PAGE = 60;
export const FIRST_PAGE_PATH = `/api/cards?limit=${FIRST_PAGE}`;

export const FIRST_SCREEN_SCRIPT =
  "try{window.__ratioFirstPage=fetch('" + FIRST_PAGE_PATH + "',{credentials:'include'}).then(function(r){return r.ok?r.json():null}).then(function(list){" +
  "if(!Array.isArray(list))return null;var cols=Math.max(2,Math.min(8,Math.floor((innerWidth-48)/170)));" +
  "window.__ratioFirstThumbs=list.slice(0,cols).map(function(c){var i=new Image();i.fetchPriority='high';if(c.thumbUrl)i.src=c.thumbUrl;return i});return list}).catch(function(){return null})}catch(e){}";
