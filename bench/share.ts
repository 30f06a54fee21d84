/**
 * docs/choices.md 29 bench: a shared wall of 100 cards, each with its own photo, opened by a visitor with no
 * account and an empty cache.
 * - the shared page's JavaScript, gzip (budget < 100 KB), and its HTML
 * - headless Chromium on loopback: time until every card image of the first screen is shown (budget 1 s)
 * - the server's time for the page (sequential, under the page rate limit) and for the preview image,
 *   made and then cached
 * Run after npm run build: npm run bench -- share
 */
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/e2e.ts';
import { fmt, startBenchServer } from './lib.ts';
import { registerProUser, seedCards } from './seed-gallery.ts';

const CARDS = 100;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

const { server, url, cleanup } = await startBenchServer();
try {
  const { cookie, user } = await registerProUser(server, url, 'share@example.com', 'Share');
  await seedCards(server, user.id, CARDS);
  const created = await fetch(`${url}/api/share`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ showValues: true, title: 'Bench Wall', layout: 'custom', customCount: CARDS }),
  });
  const link = (await created.json()) as { url: string };
  const pageUrl = `${url}${new URL(link.url).pathname}`;

  // The page's own weight: HTML, and every script it runs (inline or from /_astro/), gzip.
  const html = await (await fetch(pageUrl)).text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const srcs = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  let jsGzip = inline.reduce((sum, s) => sum + gzipSync(s).length, 0);
  for (const src of srcs) jsGzip += gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())).length;
  console.log(
    `shared page, ${CARDS} cards: HTML ${fmt(html.length / 1024)} KB (${fmt(gzipSync(html).length / 1024)} KB gzip); JS ${fmt(jsGzip / 1024)} KB gzip in ${inline.length} inline + ${srcs.length} file script(s) (budget < 100 KB)`,
  );

  // Server time for the page, sequentially (the page limit is 120 a minute per address).
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    const res = await fetch(pageUrl);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`page answered ${res.status}`);
    times.push(performance.now() - t);
  }
  console.log(`GET /share/<token> (server-rendered, 40 sequential): p50 ${fmt(quantile(times, 0.5))} ms, p90 ${fmt(quantile(times, 0.9))} ms`);

  const previewUrl = `${url}${new URL(link.url).pathname.replace('/share/', '/api/share/')}/preview.png`;
  let t = performance.now();
  const made = Buffer.from(await (await fetch(previewUrl)).arrayBuffer());
  const makeMs = performance.now() - t;
  t = performance.now();
  await (await fetch(previewUrl)).arrayBuffer();
  console.log(`preview image ${fmt(made.length / 1024)} KB PNG: made in ${fmt(makeMs, 0)} ms, then served from the cache in ${fmt(performance.now() - t)} ms`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const runs: number[] = [];
    let shown = 0;
    let bytes = 0;
    let scriptBytes = 0;
    for (let i = 0; i < 3; i++) {
      // A fresh context each time: no cookie, no cache, as a visitor arriving from a posted link.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(pageUrl, { waitUntil: 'commit' });
      runs.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const check = () => {
                const inView = [...document.querySelectorAll<HTMLImageElement>('.sw-grid img')].filter((img) => {
                  const r = img.getBoundingClientRect();
                  return r.bottom > 0 && r.top < innerHeight && r.width > 0;
                });
                if (inView.length > 0 && inView.every((img) => img.complete && img.naturalWidth > 0)) resolve(performance.now());
                else requestAnimationFrame(check);
              };
              check();
            }),
        ),
      );
      shown = await page.evaluate(() => [...document.querySelectorAll('.sw-grid img')].filter((img) => img.getBoundingClientRect().top < innerHeight).length);
      [bytes, scriptBytes] = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const size = (e: PerformanceResourceTiming) => e.transferSize || e.encodedBodySize || 0;
        return [
          (nav?.transferSize ?? 0) + res.reduce((s, e) => s + size(e), 0),
          res.filter((e) => e.initiatorType === 'script').reduce((s, e) => s + size(e), 0),
        ];
      });
      await context.close();
    }
    console.log(
      `first screen in Chromium (${shown} card images in view, empty cache): ${runs.map((m) => fmt(m, 0)).join(', ')} ms (budget 1000); loaded ${fmt(bytes / 1024, 0)} KB, of it script files ${fmt(scriptBytes / 1024)} KB`,
    );
  } finally {
    await browser.close();
  }
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
} finally {
  await cleanup();
}
