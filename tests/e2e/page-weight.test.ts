import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';

/**
 * docs/choices.md 41: pages without an island ship no framework. Each page below is loaded in Chromium and
 * every script it runs (files and inline) is weighed, gzip, against its budget; none may load React.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Script budgets, gzip bytes: the landing page's is the 10 KB; the form pages a few KB. */
const BUDGETS: Record<string, number> = {
  '/': 10 * 1024,
  '/no-such-page': 10 * 1024,
  '/auth': 6 * 1024,
  '/forgot-password': 6 * 1024,
  '/reset-password?token=abc': 6 * 1024,
};

/** Pages whose scripts come to a few hundred bytes: the build writes them into the page. */
const INLINED = new Set(['/', '/no-such-page']);

describe('page weight', () => {
  for (const [path, budget] of Object.entries(BUDGETS)) {
    it(`${path} runs at most ${budget / 1024} KB of script (gzip), and no React`, async () => {
      const { context, page } = await e2e.newPage();
      try {
        await page.goto(path);
        await hydrated(page);
        await page.waitForLoadState('load');
        const urls = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((u) => /\.m?js(\?|$)/.test(u)),
        );
        const inline = await page.evaluate(() =>
          [...document.querySelectorAll('script:not([src])')]
            .filter((s) => !(s as HTMLScriptElement).type.includes('json'))
            .map((s) => s.textContent ?? '')
            .join(''),
        );
        const bodies = await Promise.all(urls.map(async (u) => (await context.request.get(u)).body()));
        const gzip = bodies.reduce((sum, b) => sum + gzipSync(b).length, 0) + gzipSync(inline).length;
        // Some script runs (the theme switch at least); the landing page's few hundred bytes are inline,
        // so it asks for no script file (site/build/inline-scripts.ts).
        expect(urls.length + inline.length).toBeGreaterThan(0);
        if (INLINED.has(path)) expect(urls).toEqual([]);
        expect(gzip).toBeLessThanOrEqual(budget);
        // React's runtime announces itself in its code; none of it is on these pages.
        for (const [i, body] of bodies.entries())
          expect(body.toString('utf8'), urls[i]).not.toMatch(/react\.(transitional\.)?element|__REACT_DEVTOOLS_GLOBAL_HOOK__/);
        expect(await page.evaluate(() => 'React' in window || document.querySelector('astro-island') !== null)).toBe(false);
      } finally {
        await context.close();
      }
    });
  }
});
