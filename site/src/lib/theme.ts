/**
 * The colour theme: an attribute of the document (`data-theme`, set before first paint by
 * theme-boot.ts) and a localStorage entry. Plain DOM code with no imports, so pages without React
 * switch it too (ThemeToggle.astro); islands follow the attribute (ThemeToggleButton.tsx).
 */

/** The two colour themes. Dark is the default (docs/product.md §1). */
export type TTheme = 'dark' | 'light';

/** localStorage key of the theme preference; theme-boot.ts reads it before first paint. */
export const THEME_KEY = 'ratio-theme';

/** The theme on screen ('dark' off the browser: server HTML is drawn dark). */
export function currentTheme(): TTheme {
  return typeof document !== 'undefined' && document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** Applies a theme to the document and remembers it locally. */
export function setTheme(theme: TTheme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage blocked: the theme still applies for this page.
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

/** The label of a switch to the other theme. */
export const themeToggleLabel = (theme: TTheme): string => (theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');
