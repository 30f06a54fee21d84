/**
 * The one inline script of every page (Base.astro): applies the stored theme (default dark) before
 * first paint, so there is no flash. It is inline because a module script runs too late; the
 * Content-Security-Policy allows it by its hash (site/src/lib/csp.ts), computed from this string.
 */
import { THEME_KEY } from './theme.ts';

export const THEME_BOOT_SCRIPT =
  "try{var t=localStorage.getItem('" + THEME_KEY + "');document.documentElement.dataset.theme=t==='light'?'light':'dark'}catch(e){}";
