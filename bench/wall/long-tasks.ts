/**
 * What /gallery's (1,000 cards) main-thread tasks over 50 ms are, from a Chrome trace: each task's
 * start (ms since navigation), length, and its time by kind (the trace's innermost events: script by
 * function, style recalcs with their element counts, layouts with their object counts, paint...),
 * from navigation until the whole wall has loaded, over N cold loads.
 * Run after npm run build: npx node bench/wall/long-tasks.ts [N=2] [--cpu=K] [--phone] (K: the main thread slowed K times;
 * --phone: Lighthouse's mobile screen, with touch)
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { cpuSlowdown, deviceOption, firstScreen, longTasksAfter, slowCpu, wallContext } from './measure-page.ts';
import { rendererMain, selfTimeBySlice, type TProfile, type TTraceEvent } from './profile.ts';

/** `--over=MS`: the tasks shown are those longer than MS (50 by default). */
const OVER_MS = Number(process.argv.find((a) => a.startsWith('--over='))?.slice('--over='.length) ?? 50);

type TEvent = TTraceEvent & { args?: TTraceEvent['args'] & { beginData?: Record<string, unknown>; elementCount?: number } };

/** A slice's label: its name, and for script the function or callback it ran. */
function label(e: TEvent): string {
  const d = e.args?.data ?? {};
  if (e.name === 'FunctionCall')
    return `FunctionCall ${String(d.functionName || '(anon)')}@${String(d.url ?? '')
      .split('/')
      .pop()}`;
  if (e.name === 'EventDispatch') return `EventDispatch ${String(d.type)}`;
  if (e.name === 'EvaluateScript' || e.name === 'v8.compile')
    return `${e.name} ${String(d.url ?? '')
      .split('/')
      .pop()}`;
  return e.name;
}

/** Each sample of a CPU profile: its time (µs, the trace's clock) and function (name@file:line, a native one with its caller). */
function samplesOf(profile: TProfile & { startTime: number }): Array<[number, string, string[]]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number): string => {
    const f = byId.get(id)!.callFrame;
    const own = `${f.functionName || '(anon)'}${f.url ? `@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}` : ''}`;
    return !f.url && !f.functionName.startsWith('(') && parent.has(id) ? `${own} < ${name(parent.get(id)!)}` : own;
  };
  const frame = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anon)'}${f.url ? `@${f.url.split('/').pop()}:${f.lineNumber}` : ''}`;
  };
  const stack = (id: number | undefined): string[] => (id === undefined ? [] : [frame(id), ...stack(parent.get(id))]);
  let t = profile.startTime;
  return (profile.samples ?? []).map((id, i) => {
    t += profile.timeDeltas?.[i] ?? 0;
    return [t, name(id), stack(id)];
  });
}

function printTasks(events: TEvent[], since: number, samples: Array<[number, string, string[]]>, reported: Array<[number, number]>): void {
  const main = rendererMain(events);
  if (!main) return;
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid);
  const zero = nav?.ts ?? Math.min(...mine.filter((e) => e.name === 'ParseHTML').map((e) => e.ts));
  const tasks = mine.filter(
    (e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur! > OVER_MS * 1000 && e.ts + e.dur! - zero > since * 1000,
  );
  for (const task of tasks) {
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    const self = selfTimeBySlice(inside, label);
    const counts: string[] = [];
    for (const e of inside) {
      if (e.name === 'UpdateLayoutTree' && e.dur! > 5000) counts.push(`style ${(e.dur! / 1000).toFixed(0)} ms ${String(e.args?.elementCount ?? '?')} el`);
      if (e.name === 'Layout' && e.dur! > 5000) {
        const b = e.args?.beginData ?? {};
        counts.push(`layout ${(e.dur! / 1000).toFixed(0)} ms ${String(b.dirtyObjects)}/${String(b.totalObjects)} obj${b.partialLayout ? ' partial' : ''}`);
      }
    }
    const top = [...self]
      .filter(([, ms]) => ms >= 1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10);
    const at = (task.ts - zero) / 1000;
    // '*': a task the page's own long-task observer saw too (what the budget counts).
    const seen = reported.some(([start]) => Math.abs(start - at) < 3) ? '*' : ' ';
    console.log(`${seen} task ${(task.dur! / 1000).toFixed(0)} ms at ${at.toFixed(0)}: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')}`);
    if (counts.length) console.log(`    ${counts.join('; ')}`);
    const script = new Map<string, number>();
    const within = samples.filter(([t]) => t >= task.ts && t <= task.ts + task.dur!);
    within.forEach(([t, f], i) => script.set(f, (script.get(f) ?? 0) + ((within[i + 1]?.[0] ?? t) - t) / 1000));
    const topScript = [...script]
      .filter(([f, ms]) => ms >= 2 && f !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    if (topScript.length) console.log(`    samples: ${topScript.map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join(', ')}`);
    if (process.argv.includes('--tree')) {
      const total = new Map<string, number>();
      within.forEach(([t, , st], i) => {
        for (const f of new Set(st)) total.set(f, (total.get(f) ?? 0) + ((within[i + 1]?.[0] ?? t) - t) / 1000);
      });
      const top = [...total]
        .filter(([f, ms]) => ms >= 3 && f !== '(root)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40);
      console.log(`    total: ${top.map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join(', ')}`);
    }
  }
}

const { server, url, cleanup } = await startBenchServer();
try {
  const cookie = await seedGallery(server, url);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 2);
    for (let run = 0; run < runs; run++) {
      const context = await wallContext(browser, url, cookie, deviceOption());
      const page = await context.newPage();
      await slowCpu(context, page, cpuSlowdown());
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
      const first = await firstScreen(page, `${url}/gallery`);
      const tasks = await longTasksAfter(page, first);
      const { profile } = await cdp.send('Profiler.stop');
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TEvent[] };
      console.log(
        `run ${run + 1}: first screen ${first.ms.toFixed(0)} ms (fcp ${first.fcp.toFixed(0)}); tasks over 50 ms after it: ${tasks.map(([s, d]) => `${d.toFixed(0)} ms at ${s.toFixed(0)}`).join(', ') || 'none'}`,
      );
      console.log(
        '  marks: '
          + (await page.evaluate(() =>
            [
              ...performance.getEntriesByType('mark').map((m) => `${m.name} ${m.startTime.toFixed(0)}`),
              ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
                .filter((e) => /\/api\/cards$/.test(e.name))
                .map((e) => `whole wall asked ${e.startTime.toFixed(0)} answered ${e.responseEnd.toFixed(0)}`),
            ].join(', '),
          )),
      );
      printTasks(trace.traceEvents, first.ms, samplesOf(profile as TProfile & { startTime: number }), tasks);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}
