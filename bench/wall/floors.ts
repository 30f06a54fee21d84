/**
 * Where /gallery's cold first screen stands between floors (docs/choices.md 34), N cold loads of each page
 * (first round uncounted), in turn, in one run:
 * - plain: the reference page (bench/wall/reference-page.ts), no script;
 * - react: the same grid drawn by the site's own React chunk (vendor: React, ReactDOM) from the first
 *   60 thumbnails: what any client-rendered wall pays before its own code runs;
 * - static: /gallery's own DOM after its first screen, served back with its module scripts removed:
 *   what a perfect server render could do at best (its page content and styles, no script);
 * - gallery: /gallery itself.
 * Run after npm run build: npx node bench/wall/floors.ts [N=12] [--postgres] [--cpu=K]
 * (--postgres: Ratio on a fresh database of the machine's PostgreSQL instead of PGlite; --cpu=K:
 * each page's main thread slowed K times, as DevTools emulates a phone)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { cpuSlowdown, firstScreen, slowCpu, wallContext } from './measure-page.ts';
import { referencePage } from './reference-page.ts';

const FIRST_PAGE = 60;
const PAGES = ['plain', 'react', 'static', 'gallery'] as const;
type TPage = (typeof PAGES)[number];

/** The reference's head and grid, its list drawn by React from the site's vendor chunk. */
function reactPage(reference: string, vendor: string, thumbUrls: readonly string[]): string {
  const head = reference.slice(0, reference.indexOf('<body>'));
  // The chunk exports the CommonJS wrappers of 'react' and 'react-dom/client' under minified names:
  // each is called and recognised by what it returns.
  const script = `
import * as chunk from '/_astro/${vendor}';
let React, ReactDOM;
for (const wrapper of Object.values(chunk)) {
  if (typeof wrapper !== 'function' || wrapper.length !== 0) continue;
  try { const m = wrapper(); if (m?.createElement && m.useState) React = m; if (m?.createRoot) ReactDOM = m; } catch {}
}
const h = React.createElement;
const urls = ${JSON.stringify(thumbUrls.slice(0, FIRST_PAGE))};
ReactDOM.createRoot(document.getElementById('root')).render(h('ol', null, urls.map((src) => h('li', { key: src }, h('img', { src, width: 400, height: 560, loading: 'lazy', decoding: 'async', alt: '' })))));
`;
  return `${head}<body><h1 style="color:#eee">Reference wall</h1><div id="root"></div><link rel="modulepreload" href="/_astro/${vendor}"><script type="module">${script}</script></body></html>`;
}

const vendor = fs.readdirSync(path.resolve('dist/client/_astro')).find((f) => /^vendor\.[^.]+\.js$/.test(f));
if (!vendor) throw new Error('no vendor chunk in dist/client/_astro: run npm run build first');
const onPostgres = process.argv.includes('--postgres');
const cpu = cpuSlowdown();
const { server, url, cleanup } = await startBenchServer({ postgres: onPostgres });
try {
  const cookie = await seedGallery(server, url);
  const cards = (await (await fetch(`${url}/api/cards`, { headers: { cookie } })).json()) as TSlotView[];
  const thumbs = cards.map((c) => c.thumbUrl!);
  const reference = referencePage(thumbs);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const setup = () => wallContext(browser, url, cookie);
  // /gallery's DOM after its first screen, scripts removed (a server render would send its scripts after).
  const c0 = await setup();
  const p0 = await c0.newPage();
  await firstScreen(p0, `${url}/gallery`);
  await p0.waitForTimeout(500);
  const snapshot = await p0.evaluate(() => {
    document.querySelectorAll('script[type=module], link[rel=modulepreload]').forEach((s) => s.remove());
    return '<!doctype html>' + document.documentElement.outerHTML;
  });
  await c0.close();
  const bodies: Record<Exclude<TPage, 'gallery'>, string> = { plain: reference, react: reactPage(reference, vendor, thumbs), static: snapshot };
  const res: Record<TPage, number[]> = { plain: [], react: [], static: [], gallery: [] };
  const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 12);
  for (let run = 0; run < runs; run++) {
    // A different page first each round, so none always runs right after the machine was idle.
    for (const which of PAGES.map((_, i) => PAGES[(i + run) % PAGES.length]!)) {
      const context = await setup();
      if (which !== 'gallery')
        await context.route(`${url}/bench-${which}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: bodies[which] }));
      const page = await context.newPage();
      await slowCpu(context, page, cpu);
      const first = await firstScreen(page, which === 'gallery' ? `${url}/gallery` : `${url}/bench-${which}`);
      if (run > 0) res[which].push(first.ms);
      await context.close();
    }
  }
  await browser.close();
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const plain = med(res.plain);
  console.log(
    `first screen of cards, cold, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}${cpu > 1 ? `, CPU ${cpu}x slower` : ''}, median of ${runs - 1} (ms, and x the plain page)`,
  );
  for (const which of PAGES)
    console.log(
      `  ${which.padEnd(8)} ${med(res[which]).toFixed(0).padStart(5)}  ${(med(res[which]) / plain).toFixed(2)}x   runs ${res[which].map((x) => x.toFixed(0)).join(', ')}`,
    );
} finally {
  await cleanup();
}
