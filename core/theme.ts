/**
 * The colour theme, shared by the site (site/src/lib/theme.ts switches it) and the server (api/site.ts
 * writes it into the pages it sends): the visitor's choice lives in a cookie, so every page arrives
 * with its `<html data-theme>` already right and no script runs before the first paint.
 */

/** The two colour themes. Dark is the default (docs/product.md §1). */
export type TTheme = 'dark' | 'light';

/** The cookie holding the chosen theme ('light' or 'dark'); also the localStorage key older releases kept it under. */
export const THEME_COOKIE = 'ratio-theme';

/** A year, in seconds: how long the theme cookie lasts. */
export const THEME_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The theme a cookie value names: light only when it says so. */
export const themeOf = (value: string | null | undefined): TTheme => (value === 'light' ? 'light' : 'dark');

/** The label of a switch to the other theme, for screen readers. */
export const themeToggleLabel = (theme: TTheme): string => (theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');

/**
 * A page's HTML in `theme`: the built pages say `data-theme="dark"` on their `<html>` (site/src/layouts/Base.astro)
 * and label their theme switches (`data-theme-toggle`, site/src/components/shell/ThemeToggle.astro) for the dark
 * theme; only those tags are changed, so no script has to relabel the switches before the first paint.
 */
export function withTheme(html: string, theme: TTheme): string {
  if (theme === 'dark') return html;
  return html
    .replace(/<html\b[^>]*>/i, (tag) => tag.replace('data-theme="dark"', 'data-theme="light"'))
    .replace(/<button\b[^>]*\bdata-theme-toggle\b[^>]*>/g, (tag) =>
      tag.replace(`aria-label="${themeToggleLabel('dark')}"`, `aria-label="${themeToggleLabel('light')}"`),
    );
}
