/**
 * The colour theme: an attribute of the document (`data-theme`) and a cookie. The server writes the
 * cookie's theme into every page it sends (api/site.ts), so no script runs before first paint;
 * switching sets both. Plain DOM code, so pages without React switch it too (ThemeToggle.astro);
 * islands follow the attribute (ThemeToggleButton.tsx).
 */
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE, themeOf, themeToggleLabel, type TTheme } from '../../../core/theme.ts';

export { themeToggleLabel, type TTheme };

/** The theme on screen ('dark' off the browser: server HTML is drawn dark). */
export function currentTheme(): TTheme {
  return typeof document !== 'undefined' && document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** The theme cookie's value, or null without one. */
function themeCookie(): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([^;]*)`));
  return match ? match[1]! : null;
}

/** Applies a theme to the document and remembers it in the cookie the server reads. */
export function setTheme(theme: TTheme): void {
  document.documentElement.dataset.theme = theme;
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/**
 * Once per browser: a theme chosen before the cookie existed (kept in localStorage by older
 * releases) moves into the cookie and applies now; from the next page on the server sends it.
 * A cookie set after this page was asked for (the page being left moved it while this one was
 * on its way) applies now too, so the page on screen never disagrees with the cookie.
 */
export function adoptStoredTheme(): void {
  const cookie = themeCookie();
  if (cookie !== null) {
    // Only a change is written: setting the same value would still notify the theme's observers.
    const theme = themeOf(cookie);
    if (theme !== currentTheme()) document.documentElement.dataset.theme = theme;
    return;
  }
  try {
    const stored = localStorage.getItem(THEME_COOKIE);
    if (stored === null) return;
    setTheme(themeOf(stored));
    localStorage.removeItem(THEME_COOKIE);
  } catch {
    // Storage blocked: nothing was stored there either.
  }
}

/** Switches between dark and light. */
export function toggleTheme(): void {
  setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
}

/** Calls `listener` whenever the theme on screen changes, whoever changed it; returns the stop function. */
export function onThemeChange(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
