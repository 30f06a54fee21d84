/**
 * What the long frames of the wall's scroll are (docs/choices.md 34): seeds the bench gallery (1,000 cards),
 * loads /gallery and the plain reference page in headless Chromium as bench/gallery.ts does, records
 * a Chrome trace and a sampled script profile of each scroll, and prints the main thread's self time
 * by trace event, the script's by function (minified names: file:line:column), whether the whole
 * wall loaded during the scroll, and every frame over 40 ms with the tasks that ran in it.
 * Run after npm run build: npx node bench/wall/trace-scroll.ts [runs=2] [trace-prefix]
 * (a prefix saves each trace as <prefix>-<n>.json, for chrome://tracing or DevTools).
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { firstScreen, wallContext } from './measure-page.ts';
import { selfTimeByFunction, selfTimeBySlice, type TProfile, type TTraceEvent } from './profile.ts';
import { referencePage } from './reference-page.ts';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink',
  'loading',
  'cc',
  'gpu',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
];
const runs = Number(process.argv[2] ?? 2);
const save = process.argv[3];

const label = (e: TTraceEvent) =>
  e.name === 'FunctionCall' || e.name === 'EventDispatch' ? `${e.name}(${String(e.args?.data?.type ?? e.args?.data?.functionName ?? '')})` : e.name;
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join(', ');

const { server, url, cleanup } = await startBenchServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const cookie = await seedGallery(server, url);
  const cards = (await (await fetch(`${url}/api/cards`, { headers: { cookie } })).json()) as Array<{ thumbUrl: string }>;
  const reference = referencePage(cards.map((c) => c.thumbUrl));
  const referenceUrl = `${url}/bench-reference`;
  for (let i = 0; i < runs * 2; i++) {
    const run = `${Math.floor(i / 2) + 1} ${i % 2 ? 'plain page' : '/gallery'}`;
    const context = await wallContext(browser, url, cookie);
    await context.route(referenceUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: reference }));
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    const first = await firstScreen(page, i % 2 ? referenceUrl : `${url}/gallery`);
    await page.waitForTimeout(300);
    // The script's own profile (sampled), for the functions behind FunctionCall.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const { frames, mark, ready } = await page.evaluate(
      () =>
        new Promise<{ frames: Array<[number, number]>; mark: number; ready: number | null }>((resolve) => {
          const out: Array<[number, number]> = [];
          // When the whole wall has loaded (the grid's aria-busy goes): before or during the scroll.
          const grid = document.querySelector('[data-testid="slot-grid"]');
          let ready: number | null = grid && !grid.hasAttribute('aria-busy') ? -1 : null;
          if (grid && ready === null) {
            new MutationObserver((_, observer) => {
              if (!grid.hasAttribute('aria-busy')) {
                ready = performance.now();
                observer.disconnect();
              }
            }).observe(grid, { attributes: true, attributeFilter: ['aria-busy'] });
          }
          // A user-timing mark: its trace timestamp ties performance.now() to the trace's clock.
          const mark = performance.mark('scroll-start').startTime;
          let last = performance.now();
          const tick = (now: number) => {
            out.push([last, now - last]);
            last = now;
            if (Math.ceil(window.scrollY + innerHeight) >= document.documentElement.scrollHeight) resolve({ frames: out.slice(1), mark, ready });
            else {
              window.scrollBy(0, 80);
              requestAnimationFrame(tick);
            }
          };
          requestAnimationFrame((now) => {
            last = now;
            requestAnimationFrame(tick);
          });
        }),
    );
    const { profile } = await cdp.send('Profiler.stop');
    const buffer = await browser.stopTracing();
    await context.close();
    if (save) fs.writeFileSync(`${save.replace(/\.json$/, '')}-${i}.json`, buffer);
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TTraceEvent[] }).traceEvents;
    // The page's main thread, and the offset from performance.now() to trace time.
    const main = events.find(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'FireAnimationFrame'),
    );
    if (!main) throw new Error('no renderer main thread in the trace');
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
    const markEvent = events.find((e) => e.name === 'scroll-start' && e.pid === main.pid);
    if (!markEvent) throw new Error('no scroll-start mark in the trace');
    const offset = markEvent.ts - mark * 1000;
    const long = frames.filter(([, d]) => d > 40);
    console.log(
      `\nrun ${run}: first screen ${first.ms.toFixed(0)} ms, ${frames.length} frames, ${long.length} over 40 ms, longest ${Math.max(...frames.map(([, d]) => d)).toFixed(0)} ms${ready === null ? '' : `; whole wall loaded ${ready < 0 ? 'before the scroll' : `${(ready - frames[0]![0]).toFixed(0)} ms into it`}`}`,
    );
    const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
    const scrollFrom = frames[0]![0] * 1000 + offset;
    const scrollTo = (frames.at(-1)![0] + frames.at(-1)![1]) * 1000 + offset;
    const total = new Map<string, number>();
    for (const t of tasks.filter((x) => x.ts >= scrollFrom && x.ts < scrollTo)) for (const [k, ms] of selfTimes(t)) total.set(k, (total.get(k) ?? 0) + ms);
    console.log(`  main thread during the scroll, self time by event (ms): ${top(total, 12)}`);
    console.log(
      `  script, self time by function (ms): ${top(new Map([...selfTimeByFunction(profile as TProfile)].filter(([k]) => k !== '(idle)' && k !== '(program)')), 16)}`,
    );
    for (const [start, d] of long) {
      const from = start * 1000 + offset;
      const to = from + d * 1000;
      const inFrame = tasks.filter((t) => t.ts < to && t.ts + t.dur! > from && t.dur! > 2000);
      const parts = inFrame.map((t) => `    task ${(t.dur! / 1000).toFixed(0)} ms at +${((t.ts - from) / 1000).toFixed(0)}: ${top(selfTimes(t), 7)}`);
      console.log(
        `  frame ${d.toFixed(0)} ms at ${(start - frames[0]![0]).toFixed(0)} ms into the scroll\n${parts.join('\n') || '    (no main-thread task over 2 ms)'}`,
      );
    }

    /** Self time (ms) of each event name inside a task: its duration less its children's. */
    function selfTimes(task: TTraceEvent): Map<string, number> {
      return selfTimeBySlice(
        onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!),
        label,
      );
    }
  }
} finally {
  await browser.close();
  await cleanup();
}
