/**
 * What the main thread does on /gallery (1,000 cards) after the first screen is shown, until the whole
 * wall has loaded: its tasks over 50 ms (the budget is none, docs/choices.md 41) and a sampled script
 * profile of that stretch (self time by function; minified names: file:line:column), over N cold loads.
 * Run after npm run build: npx node bench/wall/after-wall.ts [N=3] [--cpu=K] [--site=DIR] (K: the main thread
 * slowed K times; DIR: another build of the site than dist/, such as a copy of an earlier one inside the project)
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { cpuSlowdown, firstScreen, longTasksAfter, slowCpu, wallContext } from './measure-page.ts';
import { busyOnly, selfTimeByFunction, topLines, type TProfile } from './profile.ts';

const { server, url, cleanup } = await startBenchServer({ siteDir: process.argv.find((a) => a.startsWith('--site='))?.slice('--site='.length) });
try {
  const cookie = await seedGallery(server, url);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 3);
    for (let run = 0; run < runs; run++) {
      const context = await wallContext(browser, url, cookie);
      const page = await context.newPage();
      await slowCpu(context, page, cpuSlowdown());
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const first = await firstScreen(page, `${url}/gallery`);
      const tasks = await longTasksAfter(page, first);
      const { profile } = await cdp.send('Profiler.stop');
      const marks = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const all = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => /\/api\/cards$/.test(e.name));
        return `fcp ${performance.getEntriesByName('first-contentful-paint')[0]?.startTime.toFixed(0)}, dcl ${nav.domContentLoadedEventEnd.toFixed(0)}, whole wall asked ${all?.startTime.toFixed(0)} answered ${all?.responseEnd.toFixed(0)}`;
      });
      console.log(
        `run ${run + 1}: first screen ${first.ms.toFixed(0)} ms; ${marks}; tasks over 50 ms after it: ${tasks.map(([s, d]) => `${d.toFixed(0)} ms at ${s.toFixed(0)}`).join(', ') || 'none'}`,
      );
      console.log(`  script from navigation to the whole wall, self time:\n${topLines(busyOnly(selfTimeByFunction(profile as TProfile)), 12, '    ')}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}
