/**
 * Issue #4 bench: a PRO user with 1,000 filled slots.
 * - GET /api/cards p50/p99 at 50 connections from a second process (budget p50 < 20 ms, p99 < 60 ms)
 * - /gallery in headless Chromium: time until every card image of the first screen is shown
 *   (budget 1.5 s), the bytes that first screen loads, and the frame rate while scrolling.
 * Run after npm run build: npm run bench -- gallery
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/e2e.ts';
import { fmt, loadFromSecondProcess, postgresReachable, startBenchServer } from './lib.ts';
import { seedGallery } from './seed-gallery.ts';

async function measureCards(label: string, url: string, cookie: string): Promise<void> {
  const r = await loadFromSecondProcess(`${url}/api/cards`, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' }, connections: 50, seconds: 10 });
  console.log(`GET /api/cards on ${label}, 50 connections, 10 s: ${fmt(r.rps, 0)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.errors}, non-2xx ${r.non2xx}  (budget p50 < 20, p99 < 60)`);
}

const { server, url, cleanup } = await startBenchServer();
try {
  const cookie = await seedGallery(server, url);

  const body = await (await fetch(`${url}/api/cards`, { headers: { cookie } })).text();
  const gz = await fetch(`${url}/api/cards`, { headers: { cookie, 'accept-encoding': 'gzip' } });
  const wire = Number((await gz.arrayBuffer()).byteLength);
  console.log(`GET /api/cards answer: ${JSON.parse(body).length} slots, ${(body.length / 1024).toFixed(0)} KB JSON (${gz.headers.get('content-encoding') ?? 'identity'} on the wire)`);
  void wire;
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
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: cookie.split('=')[0]!, value: cookie.split('=')[1]!, url }]);
    // The PRO layout with the most cards on screen: custom, 1000 slots.
    await context.addInitScript(() => {
      localStorage.setItem('ratio-cache-version', '3.2');
      localStorage.setItem('ratio-gallery-settings', JSON.stringify({ layout: 'custom', customCount: 1000, fullGallery: false, registryMode: false }));
    });
    const page = await context.newPage();
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${url}/gallery`, { waitUntil: 'commit' });
      const ms = await page.evaluate(() => new Promise<number>((resolve) => {
        const check = () => {
          const inView = [...document.querySelectorAll<HTMLImageElement>('img[src*="/api/images/"]')].filter((img) => {
            const r = img.getBoundingClientRect();
            return r.bottom > 0 && r.top < innerHeight && r.width > 0;
          });
          if (inView.length > 0 && inView.every((img) => img.complete && img.naturalWidth > 0)) resolve(performance.now());
          else requestAnimationFrame(check);
        };
        check();
      }));
      runs.push(ms);
    }
    const shown = await page.evaluate(() => [...document.querySelectorAll('img[src*="/api/images/"]')].filter((i) => i.getBoundingClientRect().top < innerHeight).length);
    const bytes = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return (nav?.transferSize ?? 0) + res.reduce((s, e) => s + (e.transferSize || e.encodedBodySize || 0), 0);
    });
    console.log(`/gallery first screen (${shown} card images in view): ${runs.map((m) => fmt(m, 0)).join(', ')} ms (budget 1500); loaded ${(bytes / 1024).toFixed(0)} KB`);
    const fps = await page.evaluate(() => new Promise<number>((resolve) => {
      let frames = 0;
      const start = performance.now();
      const step = () => {
        frames++;
        window.scrollBy(0, 40);
        if (performance.now() - start < 3000) requestAnimationFrame(step);
        else resolve(frames / 3);
      };
      requestAnimationFrame(step);
    }));
    console.log(`scrolling 1,000 slots: ${fmt(fps, 0)} frames/s (headless, 40 px a frame)`);
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}
