/**
 * What /gallery's answer costs its first paint beyond its HTML: the page as the server sends it,
 * next to the same bytes handed to the browser by the test harness (no server, no compression)
 * with none of the server's headers, with all of them, with only Cross-Origin-Opener-Policy, and
 * with all but it, beside the plain page of the same thumbnails (reference-page.ts). N cold loads
 * of each (a fresh browser context each, the first round uncounted), in rotating order, so the
 * machine's swing falls on all alike; first contentful paint, median, and x the plain page.
 * A fresh context starts on about:blank: a page sent with COOP same-origin is opened in a new
 * browsing context group there, which a page without it is not.
 * Run after npm run build: npx node bench/wall/page-headers.ts [N] (12 by default)
 */
import { chromium } from 'playwright-core';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/e2e.ts';
import { fmt, startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';
import { firstContentfulPaint, wallContext } from './measure-page.ts';
import { referencePage } from './reference-page.ts';

const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 12);
/** Headers that describe the transfer, not the page: the harness sets its own. */
const TRANSFER = new Set(['content-encoding', 'transfer-encoding', 'content-length', 'connection', 'keep-alive', 'date', 'vary', 'content-type']);
const COOP = 'cross-origin-opener-policy';
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const { server, url, cleanup } = await startBenchServer();
try {
  const cookie = await seedGallery(server, url);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // The page and its headers as the bench's own browser context gets them (its cookies: the session and the wall's layout).
    const probe = await wallContext(browser, url, cookie);
    const cookies = (await probe.cookies(url)).map((c) => `${c.name}=${c.value}`).join('; ');
    await probe.close();
    const served = await fetch(`${url}/gallery`, { headers: { cookie: cookies } });
    const html = await served.text();
    const headers = Object.fromEntries([...served.headers].filter(([k]) => !TRANSFER.has(k)));
    const cards = (await (await fetch(`${url}/api/cards`, { headers: { cookie } })).json()) as TSlotView[];
    const plain = referencePage(cards.flatMap((c) => (c.thumbUrl ? [c.thumbUrl] : [])));
    const html200 = (body: string, extra: Record<string, string>) => ({ status: 200, body, headers: { ...extra, 'content-type': 'text/html; charset=utf-8' } });
    const { [COOP]: coop, ...others } = headers;
    const targets: Array<[string, ReturnType<typeof html200> | null]> = [
      ['as served', null],
      ['same HTML, no headers', html200(html, {})],
      ["same HTML, the server's headers", html200(html, headers)],
      ['same HTML, COOP only', html200(html, coop ? { [COOP]: coop } : {})],
      ['same HTML, all but COOP', html200(html, others)],
      ['plain page', html200(plain, {})],
    ];
    const fcps = new Map<string, number[]>(targets.map(([name]) => [name, []]));
    for (let round = 0; round <= runs; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const [name, answer] of order) {
        const context = await wallContext(browser, url, cookie);
        try {
          const target = answer ? `${url}/gallery-copy` : `${url}/gallery`;
          if (answer) await context.route(target, (route) => route.fulfill(answer));
          const page = await context.newPage();
          await page.goto(target, { waitUntil: 'load' });
          const fcp = await firstContentfulPaint(page);
          if (round > 0) fcps.get(name)!.push(fcp);
        } finally {
          await context.close();
        }
      }
    }
    const plainMs = median(fcps.get('plain page')!);
    console.log(`/gallery, 1,000 cards: first contentful paint, cold, median of ${runs} (ms, x the plain page)`);
    for (const [name, list] of fcps) console.log(`  ${name.padEnd(34)} ${fmt(median(list), 0).padStart(5)} ${fmt(median(list) / plainMs, 2)}x`);
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}
