/**
 * docs/choices.md 41 bench: Lighthouse 12.2.3's performance score (mobile preset, Debian's Chromium) of the
 * landing page, /start-collection and /gallery with 1,000 cards, budget >= 90 each. Lighthouse is
 * not a dependency of the project: `npx -y lighthouse@12.2.3` fetches it into npm's cache once.
 * Its score swings with the machine's load: read it beside the load printed.
 * /gallery is audited signed in as a browser is: Lighthouse drives a Chromium this script starts
 * (its port), whose cookie jar holds the session and the wall cookie. With the session sent as an
 * `--extra-headers` Cookie instead, the page's own first cookie write (the wall cookie) made the
 * browser send only its jar from then on, and the whole wall's request was refused as signed out:
 * Lighthouse audited "Your cards could not be loaded".
 * Run after npm run build: npm run bench -- lighthouse
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/e2e.ts';
import { startBenchServer } from './lib.ts';
import { seedGallery } from './seed-gallery.ts';

const run = promisify(execFile);

type TCookie = { name: string; value: string };

/**
 * Lighthouse's performance score (0-100) of `url` and its main metrics, run in its own process: in
 * a Chromium it launches, or, given `cookies`, in a fresh Chromium started here with them in its jar
 * (Lighthouse keeps them: no storage reset, and the browser's cache starts empty).
 */
async function lighthouse(url: string, cookies?: readonly TCookie[]): Promise<{ score: number; metrics: string }> {
  if (!cookies) return audit(url, ['--chrome-flags=--headless=new --no-sandbox --disable-gpu']);
  const port = 9300 + (process.pid % 500);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ratio-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    await context.addCookies(cookies.map((c) => ({ ...c, url })));
    return await audit(url, [`--port=${port}`, '--disable-storage-reset']);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function audit(url: string, browserArgs: string[]): Promise<{ score: number; metrics: string }> {
  const out = path.join(os.tmpdir(), `ratio-lighthouse-${process.pid}.json`);
  const args = ['-y', 'lighthouse@12.2.3', url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet', ...browserArgs];
  // Asynchronously: the server under test runs in this process, and a synchronous spawn left it
  // unable to answer (Lighthouse then waited for the page forever).
  // Lighthouse 12.2.3 with Debian's Chromium now and then loses the page load's trace (NO_NAVSTART,
  // "Please run Lighthouse again"): up to three tries.
  for (let attempt = 1; ; attempt++) {
    try {
      await run('npx', args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 });
      break;
    } catch (error) {
      const said = String((error as { stderr?: string }).stderr ?? error);
      if (attempt < 3 && said.includes('NO_NAVSTART')) continue;
      throw new Error(`lighthouse failed: ${said.slice(-500)}`);
    }
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    finalDisplayedUrl: string;
    categories: { performance: { score: number } };
    audits: Record<string, { displayValue?: string; details?: { items?: Array<{ url?: string; statusCode?: number }> } }>;
  };
  fs.rmSync(out, { force: true });
  // A page that sent the browser elsewhere (signed out: to /auth), or whose calls were refused, is not the page the budget is about.
  if (report.finalDisplayedUrl !== url) throw new Error(`lighthouse: ${url} ended on ${report.finalDisplayedUrl}`);
  const refused = (report.audits['network-requests']?.details?.items ?? []).filter((r) => r.url?.includes('/api/') && (r.statusCode ?? 0) >= 400);
  if (refused.length) throw new Error(`lighthouse: ${url}'s calls were refused: ${refused.map((r) => `${r.statusCode} ${r.url}`).join(', ')}`);
  const m = (id: string) => `${id.replace(/-/g, ' ')} ${report.audits[id]?.displayValue ?? '?'}`;
  return {
    score: Math.round(report.categories.performance.score * 100),
    metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(m).join(', '),
  };
}

const { server, url, cleanup } = await startBenchServer();
try {
  const session = await seedGallery(server, url);
  const [name, value] = session.split('=') as [string, string];
  const wall = {
    name: 'ratio-wall',
    value: encodeURIComponent(JSON.stringify({ layout: 'custom', customCount: 1000, fullGallery: false, registryMode: false, title: 'My Collection' })),
  };
  console.log(
    `Lighthouse 12.2.3, mobile preset, performance; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [label, target, cookie] of [
    ['landing /', '/', undefined],
    ['/start-collection', '/start-collection', undefined],
    ['/gallery, 1,000 cards', '/gallery', [{ name, value }, wall]],
  ] as const) {
    const r = await lighthouse(url + target, cookie);
    console.log(`  ${label.padEnd(24)} ${String(r.score).padStart(3)}   budget >= 90: ${r.score >= 90 ? 'MET' : 'MISSED'}   (${r.metrics})`);
  }
} finally {
  await cleanup();
}
