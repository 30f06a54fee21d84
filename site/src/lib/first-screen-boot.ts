/**
 * /gallery's inline script (gallery.astro), run as the page parses, before the app's modules have
 * loaded: it takes the first page of cards, from the page itself when the server wrote it in
 * (api/routes/gallery/gallery-page.ts), at once, else from the request the page preloads, and
 * starts the thumbnails of the first row at high priority (below the page's head, banners and
 * toolbar, the first screen shows about one row). The store takes the same answer from
 * window.__ratioFirstPage (stores/gallery.ts): the list itself, ready for the wall's first render,
 * or a promise of it; a refusal is left to the store, which asks again and reports it. The CSP
 * allows the script by its hash (csp.ts).
 */
import type { TSlotView } from '../../../core/contracts/cards.types.ts';
import { FIRST_PAGE_ELEMENT_ID, FIRST_PAGE_PATH } from '../../../core/first-screen.ts';

export { FIRST_PAGE, FIRST_PAGE_PATH } from '../../../core/first-screen.ts';

declare global {
  interface Window {
    /** The first page of cards as FIRST_SCREEN_SCRIPT took it: the list (written into the page), a promise of it (asked for), or null. */
    __ratioFirstPage?: TSlotView[] | Promise<TSlotView[] | null> | null;
    /** The first row's thumbnails as FIRST_SCREEN_SCRIPT started them (the store waits for them). */
    __ratioFirstThumbs?: HTMLImageElement[];
  }
}

export const FIRST_SCREEN_SCRIPT =
  "try{var d=document.getElementById('"
  + FIRST_PAGE_ELEMENT_ID
  + "');"
  + 'var first=function(list){if(!Array.isArray(list))return null;var cols=Math.max(2,Math.min(8,Math.floor((innerWidth-48)/170)));'
  + "window.__ratioFirstThumbs=list.slice(0,cols).map(function(c){var i=new Image();i.fetchPriority='high';if(c.thumbUrl)i.src=c.thumbUrl;return i});return list};"
  + "window.__ratioFirstPage=d?first(JSON.parse(d.textContent)):fetch('"
  + FIRST_PAGE_PATH
  + "',{credentials:'include'}).then(function(r){return r.ok?r.json():null}).then(first).catch(function(){return null})}catch(e){}";
