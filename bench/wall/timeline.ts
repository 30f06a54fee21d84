/**
 * Where /gallery's cold first screen spends its time, over N cold loads (5 by default): each
 * resource's start and end, the paint marks, the main thread's busy time and top functions (a
 * sampled profile) and its work by kind (a Chrome trace), until the first screen of cards.
 * Run after npm run build: npx node bench/wall/timeline.ts [N] [--cpu=K] (K: the main thread slowed K times)
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { cpuSlowdown, firstScreen, slowCpu, wallContext } from './measure-page.ts';
import { busyOnly, rendererMain, selfTimeByFunction, selfTimeBySlice, topLines, type TProfile, type TTraceEvent } from './profile.ts';

/** The page's main-thread time until the first screen, by function (self time), the top 8. */
function printProfile(profile: TProfile): void {
  const busy = busyOnly(selfTimeByFunction(profile));
  console.log(`  main thread busy until the first screen: ${[...busy.values()].reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms`);
  console.log(topLines(busy, 8));
}

/** The renderer main thread's work until the first screen, by kind (the trace's own event names, nested time counted once, in its innermost event). */
function printTrace(trace: { traceEvents: TTraceEvent[] }, firstMs: number): void {
  const events = trace.traceEvents;
  const main = rendererMain(events);
  if (!main) return;
  const start = Math.min(...events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'ParseHTML').map((e) => e.ts));
  const end = start + firstMs * 1000;
  const self = selfTimeBySlice(events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur && e.ts >= start && e.ts < end));
  const top = [...self]
    .filter(([, ms]) => ms >= 3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
  console.log(`  trace, main thread until the first screen: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')}`);
}

const { server, url, cleanup } = await startBenchServer();
try {
  const cookie = await seedGallery(server, url);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 5);
    for (let run = 0; run < runs; run++) {
      const context = await wallContext(browser, url, cookie);
      const page = await context.newPage();
      await slowCpu(context, page, cpuSlowdown());
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'] });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const first = await firstScreen(page, `${url}/gallery`);
      const { profile } = await cdp.send('Profiler.stop');
      printProfile(profile as TProfile);
      printTrace(JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TTraceEvent[] }, first.ms);
      const rows = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
          name: e.name.replace(location.origin, '').slice(0, 60),
          start: e.startTime,
          end: e.responseEnd,
          kb: (e.transferSize || 0) / 1024,
        }));
        const paints = performance.getEntriesByType('paint').map((p) => `${p.name} ${p.startTime.toFixed(0)}`);
        return {
          html: `html ${nav.requestStart.toFixed(0)}..${nav.responseEnd.toFixed(0)} domInteractive ${nav.domInteractive.toFixed(0)} dcl ${nav.domContentLoadedEventEnd.toFixed(0)}`,
          list,
          paints,
        };
      });
      console.log(`\nrun ${run + 1}: first screen ${first.ms.toFixed(0)} ms; ${rows.html}; ${rows.paints.join(', ')}`);
      for (const r of rows.list.filter((r) => r.start < first.ms))
        console.log(`${r.start.toFixed(0).padStart(6)} ${r.end.toFixed(0).padStart(6)} ${r.kb.toFixed(1).padStart(7)} KB  ${r.name}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}
