import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { signUp } from './gallery-seed.ts';

/**
 * The theme with no script before first paint (docs/choices.md 41): the choice lives in the
 * `ratio-theme` cookie and the server writes it into the `<html>` of every page it sends; dark by
 * default; a choice older releases kept in localStorage moves into the cookie.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const themeCookie = (value: string) => ({ name: 'ratio-theme', value, url: e2e.url });
/** The `data-theme` of the `<html>` element in a page's HTML as the server sent it. */
const sentTheme = (html: string) => /<html\b[^>]*\bdata-theme="([^"]*)"/.exec(html)?.[1];

/**
 * Records, from before the page's first byte, every value `data-theme` takes on the document
 * element while the page loads: the value it first had, then each change (a flash would be a change).
 */
async function watchTheme(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __themes: string[] }).__themes = seen;
    const record = () => seen.push(document.documentElement.dataset.theme ?? '(none)');
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList' && [...r.addedNodes].includes(document.documentElement)) record();
        if (r.type === 'attributes' && r.target === document.documentElement) record();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-theme'] });
  });
}
const themesSeen = (page: Page) => page.evaluate(() => (window as unknown as { __themes: string[] }).__themes);

describe('theme from a cookie', () => {
  it('is dark by default, with no inline script in any page head', async () => {
    for (const path of ['/', '/auth', '/pricing', '/start-collection', '/no/such/page']) {
      const html = await (await fetch(`${e2e.url}${path}`)).text();
      expect(sentTheme(html), path).toBe('dark');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<script(?![^>]*\b(?:src|type="application\/json")\b)[^>]*>/g) ?? [], path).toEqual([]);
    }
  });

  it('switches on the landing page, stays after a reload, and the page arrives in it with no flash', async () => {
    const { context, page } = await e2e.newPage();
    await watchTheme(context);
    await page.goto('/');
    await hydrated(page);
    expect(await themesSeen(page)).toEqual(['dark']);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect((await context.cookies()).find((c) => c.name === 'ratio-theme')?.value).toBe('light');

    for (const path of ['/', '/auth', '/forgot-password', '/pricing', '/start-collection', '/no/such/page']) {
      const answer = await page.goto(path);
      const html = await answer!.text();
      expect(sentTheme(html), path).toBe('light');
      // Its plain theme switches come labelled for the light theme: no script relabels them before the first paint.
      expect(html, path).not.toMatch(/data-theme-toggle[^>]*Switch to light theme/);
      if (path === '/') expect(html).toMatch(/data-theme-toggle[^>]*aria-label="Switch to dark theme"/);
      // The document was light from its first element on and never changed.
      expect(await themesSeen(page), path).toEqual(['light']);
      expect(await page.getByRole('button', { name: 'Switch to dark theme' }).count(), path).toBeGreaterThan(0);
    }

    // And back: dark is remembered too.
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    const answer = await page.goto('/auth');
    expect(sentTheme(await answer!.text())).toBe('dark');
    expect(await themesSeen(page)).toEqual(['dark']);
    await context.close();
  });

  it("sends /gallery in a collector's light theme, and the island's switch goes back to dark", async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, 'theme-gallery@example.com');
    await context.addCookies([themeCookie('light')]);
    await watchTheme(context);
    const answer = await page.goto('/gallery');
    expect(sentTheme(await answer!.text())).toBe('light');
    await hydrated(page);
    expect(await themesSeen(page)).toEqual(['light']);
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(sentTheme(await (await page.goto('/gallery'))!.text())).toBe('dark');
    await context.close();
  });

  it('moves a theme kept in localStorage by an older release into the cookie, once', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/auth');
    await page.evaluate(() => localStorage.setItem('ratio-theme', 'light'));
    await page.goto('/');
    await hydrated(page);
    // After the page's first paint (the landing page sends dark without a cookie).
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await expect.poll(() => page.getByRole('button', { name: 'Switch to dark theme' }).count()).toBeGreaterThan(0);
    expect((await context.cookies()).find((c) => c.name === 'ratio-theme')?.value).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('ratio-theme'))).toBeNull();
    await watchTheme(context);
    expect(sentTheme(await (await page.goto('/pricing'))!.text())).toBe('light');
    expect(await themesSeen(page)).toEqual(['light']);
    await context.close();
  });

  it("shows the cookie's theme on a page that was asked for before the cookie was set", async () => {
    // The page being left can move an older release's choice into the cookie while the next page
    // is on its way: that page comes in the old theme, and its script puts the cookie's on screen.
    const { context, page } = await e2e.newPage();
    await context.addCookies([themeCookie('light')]);
    await context.route(/\/(auth)?$/, async (route) => {
      // The page as the server sends it to a browser without the cookie.
      const sent = await fetch(route.request().url());
      await route.fulfill({ status: sent.status, headers: Object.fromEntries(sent.headers), body: await sent.text() });
    });
    for (const path of ['/', '/auth']) {
      const answer = await page.goto(path);
      expect(sentTheme(await answer!.text()), path).toBe('dark');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      await expect.poll(() => page.getByRole('button', { name: 'Switch to dark theme' }).count(), { message: path }).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('answers a cookie with any other value in the dark theme', async () => {
    const html = await (await fetch(`${e2e.url}/auth`, { headers: { cookie: 'ratio-theme=%3Cscript%3E' } })).text();
    expect(sentTheme(html)).toBe('dark');
  });
});
