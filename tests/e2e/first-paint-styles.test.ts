import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

/**
 * docs/choices.md 41: what the browser reads before its first paint. On Linux the text is drawn from
 * the Ratio faces (local() aliases of the installed fonts, global.css), which Chromium renders
 * without asking its browser process about each size of text; /gallery's inline styles hold the
 * first screen's rules, and the site-wide form, account and pricing styles arrive after its first
 * paint, in time for its dialogs.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The font families Chromium drew the first element matching `selector` with (the installed fonts' own names). */
async function familiesOf(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  expect(nodeId, selector).toBeGreaterThan(0);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

/** The Ratio faces (global.css's @font-face rules) the page has loaded: a face loads only when text is drawn with it. */
const loadedFaces = (page: Page) =>
  page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replace(/["']/g, '')} ${f.weight} ${f.style}`));

/** The bytes of the page's inline <style> text. */
const inlineStyleBytes = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('style')].reduce((sum, s) => sum + new TextEncoder().encode(s.textContent ?? '').length, 0));

describe('first paint styles', () => {
  it("the landing's headings and text are drawn through the Ratio faces, in the same fonts as before", async () => {
    const { context, page } = await e2e.newPage();
    try {
      const html = await (await page.goto('/'))!.text();
      await hydrated(page);
      // Only the styles the landing page uses: none of the site's form, account or pricing rules (site.css).
      expect(html).not.toMatch(/\.account-grid\{|\.form-card\{|\.pricing-grid\{/);
      // The display stack draws Times New Roman's metric twin, the sans stack DejaVu Sans, as before: now through their local() faces.
      expect(await familiesOf(page, 'h1')).toContain('Liberation Serif');
      expect(await familiesOf(page, 'body p')).toContain('DejaVu Sans');
      expect(await loadedFaces(page)).toEqual(expect.arrayContaining(['Ratio Serif 700 normal', 'Ratio Sans 400 normal', 'Ratio Sans 700 normal']));
    } finally {
      await context.close();
    }
  });

  it("/gallery's inline styles are its first screen's; the form, account, market value and share styles come in the stylesheet it links once it runs", async () => {
    const { context, page } = await e2e.newPage();
    try {
      await signUp(context, 'styles@example.com');
      await startTrial(context);
      await seedCard(context, 1, { title: 'Style Card', value: '$40' }, await slabJpeg('Style Card', 60));
      const html = await (await context.request.get('/gallery')).text();
      const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('');
      expect(inline.length).toBeGreaterThan(10_000);
      expect(inline.length).toBeLessThanOrEqual(40 * 1024);
      // Pages other than /gallery keep these styles inline (Base.astro): the account page's own rules.
      const accountHtml = await (await context.request.get('/account')).text();
      expect(accountHtml).toMatch(/\.account-grid\{/);
      expect(inline).not.toMatch(/\.account-grid\{|\.form-card\{|\.pricing-grid\{|\.mv-form\{|\.sh-url\{/);

      await page.goto('/gallery');
      await hydrated(page);
      expect(await inlineStyleBytes(page)).toBe(new TextEncoder().encode(inline).length);
      // The stylesheet the page links once it runs carries them: the viewer's market value and the site's form rules.
      await page.waitForFunction(() =>
        [...document.styleSheets].some((s) => {
          try {
            return [...s.cssRules].some((r) => r instanceof CSSImportRule || (r as CSSStyleRule).selectorText === '.form-actions');
          } catch {
            return false;
          }
        }),
      );
      const linked = await page.evaluate(() => {
        const selectors: string[] = [];
        const walk = (rules: CSSRuleList) => {
          for (const r of rules) {
            if (r instanceof CSSImportRule && r.styleSheet) walk(r.styleSheet.cssRules);
            else if (r instanceof CSSStyleRule) selectors.push(r.selectorText);
          }
        };
        for (const s of document.styleSheets) if (s.href) walk(s.cssRules);
        return selectors;
      });
      expect(linked).toEqual(expect.arrayContaining(['.form-actions', '.mv-form', '.sh-url', '.pro-features li']));
      expect(await familiesOf(page, '.gallery-title-button span')).toContain('Liberation Serif');
      expect(await loadedFaces(page)).toEqual(expect.arrayContaining(['Ratio Serif 700 normal', 'Ratio Sans 400 normal', 'Ratio Mono 700 normal']));
    } finally {
      await context.close();
    }
  });
});
