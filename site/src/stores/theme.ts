import { atom } from 'nanostores';

/** The two colour themes. Dark is the default (spec §1). */
export type TTheme = 'dark' | 'light';

/** localStorage key of the theme preference; Base.astro reads it before first paint. */
export const THEME_KEY = 'ratio-theme';

function readTheme(): TTheme {
  if (typeof document === 'undefined') return 'dark';
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** The theme on screen. Change it only through setTheme/toggleTheme. */
export const $theme = atom<TTheme>(readTheme());

/** Applies a theme to the document, remembers it locally and updates $theme. */
export function setTheme(theme: TTheme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage blocked: the theme still applies for this page.
  }
  $theme.set(theme);
}

/** Switches between dark and light. */
export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}
