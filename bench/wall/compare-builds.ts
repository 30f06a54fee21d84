/**
 * /gallery's cold first screen from two builds of the site in one run (docs/choices.md 34): a saved build
 * (a copy of dist/ inside the project, so its server code finds node_modules) and the current dist/,
 * each on its own server with the same 1,000 cards, next to the plain reference page, N cold loads
 * of each (first round uncounted), in rotating order. For a change whose gain is smaller than the
 * machine's swing from run to run:
 *   cp -r dist dist-before; (change, npm run build); npx node bench/wall/compare-builds.ts 16 dist-before
 * (--cpu=K at the end: each page's main thread slowed K times, as DevTools emulates a phone)
 */
import { chromium } from 'playwright-core';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { cpuSlowdown, firstScreen, slowCpu, wallContext } from './measure-page.ts';
import { referencePage } from './reference-page.ts';

const saved = process.argv[3];
if (!saved) throw new Error('usage: npx node bench/wall/compare-builds.ts [N=16] <saved build folder>');
const a = await startBenchServer({ siteDir: saved });
const b = await startBenchServer();
try {
  const cookieA = await seedGallery(a.server, a.url);
  const cookieB = await seedGallery(b.server, b.url);
  const cards = (await (await fetch(`${a.url}/api/cards`, { headers: { cookie: cookieA } })).json()) as TSlotView[];
  const reference = referencePage(cards.map((c) => c.thumbUrl!));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const pages = ['plain', 'saved', 'current'] as const;
  const res: Record<string, number[]> = { plain: [], saved: [], current: [] };
  const runs = Number(process.argv[2] ?? 16);
  for (let run = 0; run < runs; run++) {
    for (const which of pages.map((_, i) => pages[(i + run) % pages.length]!)) {
      const { url } = which === 'current' ? b : a;
      const cookie = which === 'current' ? cookieB : cookieA;
      const context = await wallContext(browser, url, cookie);
      await context.route(`${url}/bench-plain`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: reference }));
      const page = await context.newPage();
      await slowCpu(context, page, cpuSlowdown());
      const first = await firstScreen(page, which === 'plain' ? `${url}/bench-plain` : `${url}/gallery`);
      if (run > 0) res[which]!.push(first.ms);
      await context.close();
    }
  }
  await browser.close();
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(`first screen of cards, cold${cpuSlowdown() > 1 ? `, CPU ${cpuSlowdown()}x slower` : ''}, median of ${runs - 1} (ms, and x the plain page)`);
  for (const p of pages)
    console.log(
      `  ${p.padEnd(8)} ${med(res[p]!).toFixed(0).padStart(5)} ${(med(res[p]!) / med(res.plain!)).toFixed(2)}x  ${res[p]!.map((x) => x.toFixed(0)).join(' ')}`,
    );
} finally {
  await a.cleanup();
  await b.cleanup();
}
