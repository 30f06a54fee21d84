/** What bench/gallery.ts measures of a page in headless Chromium: its cold first screen and a scroll to the bottom. */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** The laptop every wall bench measures by default. */
export const LAPTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** The phone of Lighthouse's mobile preset (412x823 at 1.75x, touch): a touch screen renders each slot's buttons. */
export const PHONE: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** `--phone`: the bench's pages on PHONE, not LAPTOP. */
export const deviceOption = (): BrowserContextOptions => (process.argv.includes('--phone') ? PHONE : LAPTOP);

/**
 * A fresh (cold) browser context as every wall bench opens one: on `device` (1280x800 unless told), signed in with `cookie`
 * (name=value) on `url`, and the PRO layout with the most cards on screen (custom, 1,000 slots,
 * fitted columns) saved, so /gallery's first render is that wall.
 */
export async function wallContext(browser: Browser, url: string, cookie: string, device = LAPTOP): Promise<BrowserContext> {
  const context = await browser.newContext(device);
  await context.addCookies([{ name: cookie.split('=')[0]!, value: cookie.split('=')[1]!, url }]);
  await context.addInitScript(() => {
    localStorage.setItem('ratio-gallery-settings', JSON.stringify({ layout: 'custom', customCount: 1000, fullGallery: false, registryMode: false }));
    // Every main-thread task over 50 ms, from the page's start (longTasks reads them).
    const tasks: Array<[number, number]> = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  });
  // The server draws the first screen in the layout of the wall cookie (site/src/stores/wall-cookie.ts).
  await context.addCookies([
    {
      name: 'ratio-wall',
      value: encodeURIComponent(JSON.stringify({ layout: 'custom', customCount: 1000, fullGallery: false, registryMode: false, title: 'My Collection' })),
      url,
    },
  ]);
  return context;
}

/**
 * The main thread's tasks over 50 ms from the wall on screen until the whole wall has loaded and the page
 * has been quiet a second: [start, duration] in ms. On screen: every image of the first screen loaded
 * (`first.ms`) and the page's first frame presented (`first.fcp`), whichever comes last; the check that
 * finds the images can run in the frame that first lays out and paints the page, before it is shown.
 */
export async function longTasksAfter(page: Page, first: Pick<TFirstScreen, 'ms' | 'fcp'>): Promise<Array<[number, number]>> {
  const sinceMs = Math.max(first.ms, first.fcp);
  // Waited for by a page.evaluate (the script firstScreen already put in the page), not a locator: a
  // locator's first use loads Playwright's selector engine into the page, a task of 60-90 ms at 4x CPU.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const until = performance.now() + 60_000;
        const check = () => {
          if (document.querySelector('[data-testid="slot-grid"]:not([aria-busy])')) resolve();
          else if (performance.now() > until) reject(new Error('the whole wall did not load within 60 s'));
          else setTimeout(check, 50);
        };
        check();
      }),
  );
  await page.waitForTimeout(1000);
  return page.evaluate(
    (since) => (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks.filter(([start, duration]) => start + duration > since),
    sinceMs,
  );
}

/** `--cpu=K` on a bench's command line: K (1 without it). */
export const cpuSlowdown = (): number => Number(process.argv.find((a) => a.startsWith('--cpu='))?.slice('--cpu='.length) ?? 1);

/** Slows the page's main thread `rate` times (Chromium's CPU throttling, as DevTools emulates a phone). */
export async function slowCpu(context: BrowserContext, page: Page, rate: number): Promise<void> {
  if (rate > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
}

/** A loaded page's first contentful paint (ms since navigation), once the browser has queued it. */
export function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const e = list.getEntriesByName('first-contentful-paint')[0];
          if (e) resolve(e.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

export interface TFirstScreen {
  /** From navigation start until every card image in the viewport is shown (ms). */
  ms: number;
  /** First contentful paint (ms). */
  fcp: number;
  /** Card images in the viewport then. */
  images: number;
  /** Bytes loaded until then, and of them script. */
  bytes: number;
  scriptBytes: number;
}

export interface TScroll {
  fps: number;
  /** Frames longer than 50 ms and than 100 ms, and the longest frame (ms). */
  over50: number;
  over100: number;
  maxFrame: number;
  /** Time the page spent in layout and style during the scroll (CDP Performance metrics, ms). */
  layoutMs: number;
  styleMs: number;
  /** Elements in the document at the top, and the most seen while scrolling. */
  nodesAtTop: number;
  nodesMax: number;
}

/** Loads `url` in a fresh page and waits until every card image in the viewport is shown. */
export async function firstScreen(page: Page, url: string): Promise<TFirstScreen> {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(
    () =>
      new Promise<TFirstScreen>((resolve) => {
        const check = () => {
          const inView = [...document.querySelectorAll<HTMLImageElement>('img[src*="/api/images/"]')].filter((img) => {
            const r = img.getBoundingClientRect();
            return r.bottom > 0 && r.top < innerHeight && r.width > 0;
          });
          if (inView.length > 0 && inView.every((img) => img.complete && img.naturalWidth > 0)) {
            const ms = performance.now();
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
            const loaded = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.responseEnd <= ms);
            const size = (e: PerformanceResourceTiming) => e.transferSize || e.encodedBodySize || 0;
            // The paint entry is queued once the frame is presented, which can be after the check sees
            // every image loaded (a page whose photos come with its HTML): wait for it, never stand in for it.
            const fcp = new Promise<number>((done) => {
              new PerformanceObserver((list, observer) => {
                const e = list.getEntriesByName('first-contentful-paint')[0];
                if (e) {
                  observer.disconnect();
                  done(e.startTime);
                }
              }).observe({ type: 'paint', buffered: true });
            });
            void fcp.then((paint) =>
              resolve({
                ms,
                fcp: paint,
                images: inView.length,
                bytes: (nav ? size(nav) : 0) + loaded.reduce((s, e) => s + size(e), 0),
                scriptBytes: loaded.filter((e) => e.initiatorType === 'script' || /\.m?js(\?|$)/.test(e.name)).reduce((s, e) => s + size(e), 0),
              }),
            );
          } else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

/** Scrolls the page from top to bottom, `step` px a frame, and reports its frames, layout work and DOM size. */
export async function scrollToBottom(context: BrowserContext, page: Page, step = 60): Promise<TScroll> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const before = await metrics();
  const run = await page.evaluate(
    (px) =>
      new Promise<{ frames: number[]; nodesAtTop: number; nodesMax: number }>((resolve) => {
        const frames: number[] = [];
        const nodesAtTop = document.getElementsByTagName('*').length;
        let nodesMax = nodesAtTop;
        let last = performance.now();
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          if (frames.length % 10 === 0) nodesMax = Math.max(nodesMax, document.getElementsByTagName('*').length);
          const bottom = Math.ceil(window.scrollY + innerHeight) >= document.documentElement.scrollHeight;
          if (bottom) resolve({ frames: frames.slice(1), nodesAtTop, nodesMax });
          else {
            window.scrollBy(0, px);
            requestAnimationFrame(tick);
          }
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(tick);
        });
      }),
    step,
  );
  const after = await metrics();
  await cdp.detach();
  const total = run.frames.reduce((s, f) => s + f, 0);
  return {
    fps: run.frames.length / (total / 1000),
    over50: run.frames.filter((f) => f > 50).length,
    over100: run.frames.filter((f) => f > 100).length,
    maxFrame: Math.max(...run.frames),
    layoutMs: ((after.LayoutDuration ?? 0) - (before.LayoutDuration ?? 0)) * 1000,
    styleMs: ((after.RecalcStyleDuration ?? 0) - (before.RecalcStyleDuration ?? 0)) * 1000,
    nodesAtTop: run.nodesAtTop,
    nodesMax: run.nodesMax,
  };
}
