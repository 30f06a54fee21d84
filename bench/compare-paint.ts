/**
 * First contentful paint of one page from two builds of the site in one run, next to the plain
 * reference page its own bench uses (docs/choices.md 14 and 34): a saved build (a copy of dist/
 * inside the project, so its server code finds node_modules) and the current dist/, each on its own
 * server, N cold loads of each (a fresh browser context each, first round uncounted), in rotating
 * order, so the machine's swing falls on all three alike. For a change smaller than that swing:
 *   cp -r dist dist-before; (change, npm run build); npm run bench -- compare-paint --saved=dist-before --page=/ --runs=16
 * --page=/ (the landing, against bench/landing-and-user.ts's plain page) or --page=/gallery (1,000
 * cards, against bench/wall/reference-page.ts); --theme=light: the visitor chose the light theme.
 * Which server a build is on matters (on /gallery the second of two in-process servers measured ~8%
 * slower with the same build on both), so each build gets two servers, started saved, current, current,
 * saved, and the rounds alternate between the first pair and the last: each build's servers average
 * the same start rank. The medians per server are printed too; with the same build on both
 * (cp -r dist dist-now; --saved=dist-now) the two builds should print alike.
 */
import { chromium } from 'playwright-core';
import type { TSlotView } from '../core/contracts/cards.types.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/e2e.ts';
import { fmt, startBenchServer } from './lib.ts';
import { seedGallery } from './seed-gallery.ts';
import { firstContentfulPaint, wallContext } from './wall/measure-page.ts';
import { referencePage } from './wall/reference-page.ts';

const option = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const saved = option('saved', '');
const pagePath = option('page', '/');
const runs = Number(option('runs', '16'));
const theme = option('theme', 'dark');
if (!saved || !['/', '/gallery'].includes(pagePath)) {
  console.log('usage: npm run bench -- compare-paint --saved=<saved build folder> [--page=/|/gallery] [--runs=16] [--theme=dark|light]');
  process.exit(0);
}

/** bench/landing-and-user.ts's plain page: the landing's words with no head, style, script or SVG. */
function plainLanding(html: string): string {
  const text = html.replace(/<head>[\s\S]*<\/head>/, '').replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<svg[\s\S]*?<\/svg>/g, '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plain</title></head>${text.slice(text.indexOf('<body'))}`;
}

const load = (xs: number[]) => xs.map((l) => l.toFixed(2)).join(' ');
const { loadavg } = await import('node:os');
console.log(`page ${pagePath}, theme ${theme}, ${runs - 1} counted rounds; load at start ${load(loadavg())}`);
const builds = ['saved', 'current', 'current', 'saved'] as const;
const servers: (Awaited<ReturnType<typeof startBenchServer>> & { build: (typeof builds)[number]; cookie: string })[] = [];
try {
  const gallery = pagePath === '/gallery';
  for (const build of builds) {
    const s = await startBenchServer(build === 'saved' ? { siteDir: saved } : {});
    servers.push({ ...s, build, cookie: gallery ? await seedGallery(s.server, s.url) : '' });
  }
  const a = servers[0]!;
  const reference = gallery
    ? referencePage(((await (await fetch(`${a.url}/api/cards`, { headers: { cookie: a.cookie } })).json()) as TSlotView[]).map((c) => c.thumbUrl!))
    : plainLanding(await (await fetch(`${a.url}/`)).text());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const pages = ['plain', 'saved', 'current'] as const;
  const res: Record<(typeof pages)[number], number[]> = { plain: [], saved: [], current: [] };
  const perServer: number[][] = servers.map(() => []);
  for (let run = 0; run < runs; run++) {
    // even rounds: servers 0 (saved) and 1 (current); odd rounds: 3 (saved) and 2 (current)
    const pair = run % 2 === 0 ? [0, 1] : [3, 2];
    for (const which of pages.map((_, i) => pages[(i + run) % pages.length]!)) {
      const index = pair[which === 'current' ? 1 : 0]!;
      const { url, cookie } = servers[index]!;
      const context = gallery ? await wallContext(browser, url, cookie) : await browser.newContext({ viewport: { width: 1280, height: 800 } });
      if (theme === 'light') {
        await context.addCookies([{ name: 'ratio-theme', value: 'light', url }]);
        await context.addInitScript(() => localStorage.setItem('ratio-theme', 'light'));
      }
      await context.route(`${url}/bench-plain`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: reference }));
      const page = await context.newPage();
      await page.goto(which === 'plain' ? `${url}/bench-plain` : `${url}${pagePath}`, { waitUntil: 'load' });
      const fcp = await firstContentfulPaint(page);
      if (run > 0) {
        res[which].push(fcp);
        if (which !== 'plain') perServer[index]!.push(fcp);
      }
      await context.close();
    }
  }
  await browser.close();
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(`first contentful paint, cold, median of ${runs - 1} (ms, and x the plain page); load at end ${load(loadavg())}`);
  for (const p of pages)
    console.log(`  ${p.padEnd(8)} ${fmt(med(res[p]), 0).padStart(5)} ${fmt(med(res[p]) / med(res.plain), 2)}x  ${res[p].map((x) => fmt(x, 0)).join(' ')}`);
  console.log(
    `  per server (start order): ${servers.map((s, i) => `${i + 1} ${s.build} ${perServer[i]!.length ? fmt(med(perServer[i]!), 0) : '-'}`).join(', ')}`,
  );
} finally {
  for (const s of servers) await s.cleanup();
}
