/**
 * What the renderer's main thread does before a page's first contentful paint, from a Chrome trace
 * of N cold loads (3 by default): its work by kind (self time, the trace's own event names) and the
 * font lookups it made (FontCache events: one per family and size the layout asked for).
 * Run after npm run build: npx node bench/wall/trace-paint.ts [--page=/|/gallery] [--theme=light] [--site=dist] [--width=1280] [N]
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { firstContentfulPaint, wallContext } from './measure-page.ts';
import { selfTimeBySlice, type TTraceEvent } from './profile.ts';

const option = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const pagePath = option('page', '/');
const theme = option('theme', 'dark');
const width = Number(option('width', '1280'));
const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 3);

const { server, url, cleanup } = await startBenchServer({ siteDir: option('site', 'dist') });
try {
  const gallery = pagePath === '/gallery';
  const cookie = gallery ? await seedGallery(server, url) : '';
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    for (let run = 0; run < runs; run++) {
      const context = gallery ? await wallContext(browser, url, cookie) : await browser.newContext({ viewport: { width, height: 800 } });
      if (theme === 'light') await context.addCookies([{ name: 'ratio-theme', value: 'light', url }]);
      const page = await context.newPage();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'fonts', 'loading'] });
      await page.goto(`${url}${pagePath}`, { waitUntil: 'load' });
      const fcp = await firstContentfulPaint(page);
      const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TTraceEvent[] }).traceEvents;
      const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      const parses = (t: TTraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'ParseHTML').length;
      const main = mains.sort((a, b) => parses(b) - parses(a))[0]!;
      const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
      const start = Math.min(...mine.filter((e) => e.name === 'ParseHTML').map((e) => e.ts));
      const paint = mine.find((e) => e.name === 'firstContentfulPaint' || e.name === 'FirstContentfulPaint');
      const end = paint ? paint.ts : start + fcp * 1000;
      const before = mine.filter((e) => e.ts >= start && e.ts < end);
      const fonts = new Map<string, number>();
      for (const e of before.filter((e) => /font/i.test(e.name))) fonts.set(e.name, (fonts.get(e.name) ?? 0) + 1);
      if (process.argv.includes('--args'))
        for (const e of before.filter((e) => /font/i.test(e.name)))
          console.log(`    ${e.name} ${e.ph} ${((e.ts - start) / 1000).toFixed(1)} ${e.dur ? (e.dur / 1000).toFixed(2) : ''} ${JSON.stringify(e.args ?? {})}`);
      const self = selfTimeBySlice(before.filter((e) => e.ph === 'X' && e.dur));
      const top = [...self]
        .filter(([, ms]) => ms >= 1)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14);
      console.log(`run ${run + 1}: fcp ${fcp.toFixed(0)} ms (trace: ${((end - start) / 1000).toFixed(0)} ms after the parse began)`);
      console.log(`  font events before it: ${[...fonts].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
      console.log(`  main thread, self ms: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}
