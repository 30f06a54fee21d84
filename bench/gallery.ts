/**
 * docs/choices.md 34 bench: a PRO user with 1,000 filled slots, each with its own photo.
 * - GET /api/cards p50/p99 at 50 connections from a second process (budget p50 < 20 ms, p99 < 60 ms)
 * - /gallery (custom layout, 1,000 slots) in headless Chromium next to a reference in the same run:
 *   a plain static HTML page showing the same 1,000 thumbnails in a grid. For each, 5 cold loads
 *   (a fresh browser context each, the pages taking turns to go first, after one uncounted load of
 *   each that warms the server): the first screen of cards and its bytes, then a scroll from top
 *   to bottom (frames, layout time, DOM size). Medians, each next to its budget.
 * - 12 MP uploads (bench/upload.ts) with their budgets.
 * Run after npm run build: npm run bench -- gallery
 */
import { chromium, type Browser } from 'playwright-core';
import type { TSlotView } from '../core/contracts/cards.types.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/e2e.ts';
import { fmt, loadFromSecondProcess, postgresReachable, startBenchServer } from './lib.ts';
import { seedGallery } from './seed-gallery.ts';
import { measureUploads, pct } from './upload.ts';
import { LAPTOP, PHONE, firstScreen, longTasksAfter, scrollToBottom, slowCpu, wallContext, type TFirstScreen, type TScroll } from './wall/measure-page.ts';
import { referencePage } from './wall/reference-page.ts';

const RUNS = 5;
const median = (xs: number[]) => pct(xs, 50);

async function measureCards(label: string, url: string, cookie: string): Promise<void> {
  const r = await loadFromSecondProcess(`${url}/api/cards`, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' }, connections: 50, seconds: 10 });
  console.log(
    `GET /api/cards on ${label}, 50 connections, 10 s: ${fmt(r.rps, 0)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.errors}, non-2xx ${r.non2xx}  (budget p50 < 20, p99 < 60)`,
  );
}

type TRun = { first: TFirstScreen; scroll: TScroll; tasks: Array<[number, number]> };

/** RUNS cold loads of each page, alternating, each followed by a scroll to the bottom. */
async function measurePages(browser: Browser, url: string, cookie: string, reference: string): Promise<{ wall: TRun[]; plain: TRun[] }> {
  const referenceUrl = `${url}/bench-reference`;
  const out = { wall: [] as TRun[], plain: [] as TRun[] };
  const pages = [
    ['wall', `${url}/gallery`],
    ['plain', referenceUrl],
  ] as const;
  // Run 0 warms the server (its JIT and caches: a server serves many loads); it is not counted.
  // Each measured run has a fresh browser context, and the two pages take turns going first.
  for (let i = 0; i <= RUNS; i++) {
    for (const [which, target] of i % 2 ? pages : [...pages].reverse()) {
      const context = await wallContext(browser, url, cookie);
      try {
        await context.route(referenceUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: reference }));
        const page = await context.newPage();
        const first = await firstScreen(page, target);
        const tasks = which === 'wall' ? await longTasksAfter(page, first) : [];
        const scroll = await scrollToBottom(context, page, 80);
        if (i > 0) out[which].push({ first, scroll, tasks });
      } finally {
        await context.close();
      }
    }
  }
  return out;
}

const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');

function printPages(wall: TRun[], plain: TRun[]): void {
  const m = (runs: TRun[], f: (r: TRun) => number) => median(runs.map(f));
  const line = (label: string, f: (r: TRun) => number, digits: number, budget = '') =>
    console.log(`${label.padEnd(40)} ${fmt(m(wall, f), digits).padStart(10)} ${fmt(m(plain, f), digits).padStart(12)}   ${budget}`);
  const fps = m(wall, (r) => r.scroll.fps) / m(plain, (r) => r.scroll.fps);
  const maxFrame = Math.max(...wall.map((r) => r.scroll.maxFrame));
  const plainMaxFrame = Math.max(...plain.map((r) => r.scroll.maxFrame));
  const firstMs = m(wall, (r) => r.first.ms);
  const firstRatio = firstMs / m(plain, (r) => r.first.ms);
  const fcpRatio = m(wall, (r) => r.first.fcp) / m(plain, (r) => r.first.fcp);
  const longest = Math.max(0, ...wall.flatMap((r) => r.tasks.map(([, d]) => d)));
  console.log(`\n/gallery, 1,000 cards, 1280x800, ${RUNS} cold runs each (median)`);
  console.log(`${'measure'.padEnd(40)} ${'Ratio'.padStart(10)} ${'plain page'.padStart(12)}   budget`);
  line('scroll top to bottom: frames/s', (r) => r.scroll.fps, 1, `>= 0.8x the plain page: ${fmt(fps, 2)}x ${verdict(fps >= 0.8)}`);
  line('frames over 50 ms during the scroll', (r) => r.scroll.over50, 0);
  line('frames over 100 ms during the scroll', (r) => r.scroll.over100, 0);
  line(
    'longest frame (ms)',
    (r) => r.scroll.maxFrame,
    0,
    `none over 100 ms: longest of all runs ${fmt(maxFrame, 0)} ms ${verdict(maxFrame <= 100)} (plain page's: ${fmt(plainMaxFrame, 0)} ms)`,
  );
  line('layout time during the scroll (ms)', (r) => r.scroll.layoutMs, 0);
  line('style time during the scroll (ms)', (r) => r.scroll.styleMs, 0);
  line('DOM elements at the top', (r) => r.scroll.nodesAtTop, 0);
  line('DOM elements, most while scrolling', (r) => r.scroll.nodesMax, 0);
  line('first contentful paint, cold (ms)', (r) => r.first.fcp, 0, `<= 1.2x the plain page: ${fmt(fcpRatio, 2)}x ${verdict(fcpRatio <= 1.2)}`);
  line(
    'first screen of cards, cold (ms)',
    (r) => r.first.ms,
    0,
    `<= 1.2x the plain page and < 1000 ms: ${fmt(firstRatio, 2)}x ${verdict(firstRatio <= 1.2 && firstMs < 1000)}`,
  );
  line('tasks over 50 ms after the wall is shown', (r) => r.tasks.length, 0, `none: longest of all runs ${fmt(longest, 0)} ms ${verdict(longest <= 50)}`);
  line('card images on the first screen', (r) => r.first.images, 0);
  line('KB before the first screen', (r) => r.first.bytes / 1024, 0);
  line('  of which script', (r) => r.first.scriptBytes / 1024, 0);
  console.log(`runs, first screen ms: Ratio ${wall.map((r) => fmt(r.first.ms, 0)).join(', ')}; plain ${plain.map((r) => fmt(r.first.ms, 0)).join(', ')}`);
  console.log(`runs, first paint ms: Ratio ${wall.map((r) => fmt(r.first.fcp, 0)).join(', ')}; plain ${plain.map((r) => fmt(r.first.fcp, 0)).join(', ')}`);
  console.log(`runs, frames/s: Ratio ${wall.map((r) => fmt(r.scroll.fps, 1)).join(', ')}; plain ${plain.map((r) => fmt(r.scroll.fps, 1)).join(', ')}`);
}

/**
 * Main-thread tasks after the wall is shown, with the CPU 4x slower (as DevTools emulates a phone): 3 cold loads,
 * on the laptop's screen and on Lighthouse's phone (a touch screen, where each slot renders its buttons).
 */
async function slowWall(browser: Browser, url: string, cookie: string, device: 'laptop' | 'phone'): Promise<void> {
  const tasks: number[] = [];
  const shown: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await wallContext(browser, url, cookie, device === 'phone' ? PHONE : LAPTOP);
    try {
      const page = await context.newPage();
      await slowCpu(context, page, 4);
      const first = await firstScreen(page, `${url}/gallery`);
      shown.push(first.ms);
      tasks.push(...(await longTasksAfter(page, first)).map(([, d]) => d));
    } finally {
      await context.close();
    }
  }
  const longest = Math.max(0, ...tasks);
  console.log(
    `CPU 4x slower, ${device === 'phone' ? 'phone 412x823' : 'laptop 1280x800'}, 3 cold loads: first screen ${shown.map((x) => fmt(x, 0)).join(', ')} ms; tasks over 50 ms after it: ${tasks.length} (${tasks.map((d) => fmt(d, 0)).join(', ')})   none: longest ${fmt(longest, 0)} ms ${verdict(longest <= 50)}`,
  );
}

const { server, url, cleanup } = await startBenchServer();
try {
  const cookie = await seedGallery(server, url);

  const body = await (await fetch(`${url}/api/cards`, { headers: { cookie } })).text();
  const cards = JSON.parse(body) as TSlotView[];
  const page = await fetch(`${url}/api/cards?limit=60`, { headers: { cookie } });
  console.log(
    `GET /api/cards answer: ${cards.length} slots, ${(body.length / 1024).toFixed(0)} KB JSON; first page (?limit=60): ${((await page.text()).length / 1024).toFixed(0)} KB JSON`,
  );
  await measureCards('PGlite', url, cookie);
  if (await postgresReachable()) {
    const pg = await startBenchServer({ postgres: true });
    try {
      await measureCards('PostgreSQL', pg.url, await seedGallery(pg.server, pg.url));
    } finally {
      await pg.cleanup();
    }
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const { wall, plain } = await measurePages(browser, url, cookie, referencePage(cards.map((c) => c.thumbUrl!)));
    printPages(wall, plain);
    await slowWall(browser, url, cookie, 'laptop');
    await slowWall(browser, url, cookie, 'phone');
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}

const up = await measureUploads();
const floor = median(up.floor);
const step = median(up.step);
console.log(`\n${'12 MP JPEG upload (4000x3000, 4.8 MB), 15 runs each'.padEnd(56)}  p50 ms   p99 ms   budget`);
console.log(`${'thumbnail-only floor'.padEnd(56)} ${fmt(floor).padStart(7)} ${fmt(pct(up.floor, 99)).padStart(8)}`);
console.log(
  `${'image step (what the answer waits for)'.padEnd(56)} ${fmt(step).padStart(7)} ${fmt(pct(up.step, 99)).padStart(8)}   within 2x the floor: ${fmt(step / floor, 2)}x ${verdict(step <= 2 * floor)}`,
);
console.log(`${'viewer size (stored after the answer)'.padEnd(56)} ${fmt(median(up.viewer)).padStart(7)} ${fmt(pct(up.viewer, 99)).padStart(8)}`);
for (const h of up.http) {
  const p50 = median(h.ms);
  console.log(
    `${`upload end to end (HTTP, until the answer), ${h.label}`.padEnd(56)} ${fmt(p50).padStart(7)} ${fmt(pct(h.ms, 99)).padStart(8)}   p50 < 250 ms ${verdict(p50 < 250)}`,
  );
}
