/**
 * What the walkthrough test and the axe walk over every screen share (docs/choices.md 47): the two
 * screens a collector walked (a 1280x800 laptop, a 390x844 touch phone), the two themes, a browser
 * context on one of them, a visitor's collection in localStorage, and a wait until the page is still.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { TE2E } from './e2e.ts';
import { animationsSettled } from './axe.ts';

export const SIZES = [
  { width: 1280, height: 800, touch: false },
  { width: 390, height: 844, touch: true },
] as const;
export type TScreenSize = (typeof SIZES)[number];

export const THEMES = ['dark', 'light'] as const;
export type TTheme = (typeof THEMES)[number];

export type TStorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A 1x1 JPEG as a data URL: a visitor's card photo in localStorage. */
export const TINY_JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

/**
 * A browser context on `size` (a phone's touch and mobile viewport), in `theme` when given, as the
 * `storageState`'s user when given. `bypassCSP`: axe-core's script is injected into the page.
 */
export async function screenContext(
  e2e: TE2E,
  size: TScreenSize,
  options: { theme?: TTheme; storageState?: TStorageState; bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.url,
    viewport: { width: size.width, height: size.height },
    hasTouch: size.touch,
    isMobile: size.touch,
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  // The theme's cookie, which the server writes into every page (core/theme.ts).
  if (options.theme) await context.addCookies([{ name: 'ratio-theme', value: options.theme, url: e2e.url }]);
  return context;
}

/** A visitor's one card (no account): what /collection shows, kept in localStorage as the page keeps it. */
export async function visitorCollection(page: Page): Promise<void> {
  await page.addInitScript((image) => {
    localStorage.setItem('ratio-cache-version', '3.2');
    if (!localStorage.getItem('anonymous-collection')) {
      localStorage.setItem(
        'anonymous-collection',
        JSON.stringify([
          {
            id: 'a1',
            image: 'TINY',
            player: 'Luka Doncic',
            year: '2018',
            brand: 'Prizm',
            condition: 'PSA 10',
            userValue: '1250',
            userNotes: '',
            addedAt: '2026-11-20T10:00:00Z',
          },
        ]).replace('TINY', image),
      );
    }
  }, TINY_JPEG);
}

/** Waits until nothing on the page moves: fonts loaded, no transition or finite animation running, two frames drawn. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await animationsSettled(page);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
