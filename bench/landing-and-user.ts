/**
 * docs/choices.md 14 and 41 bench, each figure beside its reference in the same run:
 * - the landing page's bytes (HTML, CSS, JS; raw and gzip), budget 10 KB of script (gzip);
 * - the landing page's first paint, cold, in Chromium, next to a plain HTML page (15 cold loads
 *   each, taking turns, after one uncounted round), budget 1.5x; and the same plain page sent with the
 *   Cross-Origin-Opener-Policy of the pages of an account (the landing goes without it, docs/choices.md
 *   49), which moves a page opened from a blank tab into a browsing context group (a renderer) of its
 *   own: what that header would cost the landing;
 * - GET /api/user throughput (load generator in its own process, 50 connections, after one
 *   uncounted round) against `ratio serve` as a real process: on the embedded database next to a
 *   bare Koa answering the same JSON (budget 0.5x) and to Ratio on PostgreSQL (within 1.2x), and
 *   on PostgreSQL next to a bare Koa that reads the session and its user with one pg query per
 *   request (budget 0.9x); each with the server's CPU time per answer (from /proc, or this
 *   process's for the bare ones).
 * Needs a built site (npm run build). Run: npm run bench -- landing-and-user
 */
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { createTestDb } from '../tests/helpers/db.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/e2e.ts';
import { cpuMsOf, fmt, loadFromSecondProcess, postgresReachable, serveRatio, startBenchServer, type TLoadResult } from './lib.ts';
import { firstContentfulPaint } from './wall/measure-page.ts';

/** Cold loads of each page counted for the first-paint medians. */
const PAINT_ROUNDS = 15;
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// 1. Landing page bytes and 2. first paint, on an in-process server (nothing else loads it meanwhile).
{
  const { url, cleanup } = await startBenchServer();
  try {
    const html = await (await fetch(`${url}/`)).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
    const sizes = { html: [Buffer.byteLength(html), gzipSync(html).length], css: [0, 0], js: [0, 0] };
    for (const asset of new Set(assets)) {
      const body = Buffer.from(await (await fetch(url + asset)).arrayBuffer());
      const kind = asset.endsWith('.css') ? 'css' : 'js';
      sizes[kind][0]! += body.length;
      sizes[kind][1]! += gzipSync(body).length;
    }
    const inlineJs = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('');
    console.log('Landing page (/)');
    for (const [k, [raw, gz]] of Object.entries(sizes)) console.log(`  ${k.padEnd(5)} ${String(raw).padStart(7)} B raw  ${String(gz).padStart(6)} B gzip`);
    const jsGzip = sizes.js[1]! + gzipSync(inlineJs).length;
    console.log(
      `  inline script ${Buffer.byteLength(inlineJs)} B raw, ${gzipSync(inlineJs).length} B gzip (counted in html); JS files: ${new Set(assets.filter((a) => a.endsWith('.js'))).size}`,
    );
    console.log(`  total JS gzip: ${jsGzip} B (plain HTML page: 0)   budget <= 10240 B: ${verdict(jsGzip <= 10240)}`);

    // A plain page with the landing page's words and no style or script, served from the test's side.
    const text = html.replace(/<head>[\s\S]*<\/head>/, '').replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<svg[\s\S]*?<\/svg>/g, '');
    const plain = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plain</title></head>${text.slice(text.indexOf('<body'))}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const coop = (await fetch(`${url}/auth`)).headers.get('cross-origin-opener-policy') ?? 'unsafe-none';
    const kinds = ['ratio', 'plain', 'plainCoop'] as const;
    const paints: Record<(typeof kinds)[number], number[]> = { ratio: [], plain: [], plainCoop: [] };
    try {
      for (let run = 0; run <= PAINT_ROUNDS; run++) {
        for (const which of kinds.map((_, i) => kinds[(i + run) % kinds.length]!)) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          await context.route(`${url}/bench-plain*`, (route) =>
            route.fulfill({
              status: 200,
              contentType: 'text/html; charset=utf-8',
              headers: route.request().url().endsWith('-coop') ? { 'cross-origin-opener-policy': coop } : {},
              body: plain,
            }),
          );
          const page = await context.newPage();
          await page.goto(which === 'ratio' ? `${url}/` : which === 'plain' ? `${url}/bench-plain` : `${url}/bench-plain-coop`, { waitUntil: 'load' });
          const fcp = await firstContentfulPaint(page);
          if (run > 0) paints[which].push(fcp);
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
    const ratio = median(paints.ratio) / median(paints.plain);
    console.log(
      `  first contentful paint, cold, median of ${PAINT_ROUNDS}: ${fmt(median(paints.ratio), 0)} ms (plain HTML page: ${fmt(median(paints.plain), 0)} ms) = ${fmt(ratio, 2)}x   budget <= 1.5x: ${verdict(ratio <= 1.5)}`,
    );
    console.log(`    runs: Ratio ${paints.ratio.map((x) => fmt(x, 0)).join(', ')}; plain ${paints.plain.map((x) => fmt(x, 0)).join(', ')}`);
    console.log(
      `  the plain page sent with the Cross-Origin-Opener-Policy of an account's pages (${coop}), which the landing goes without: ${fmt(median(paints.plainCoop), 0)} ms = ${fmt(median(paints.plainCoop) / median(paints.plain), 2)}x the plain page`,
    );
    console.log(`    runs: plain with the header ${paints.plainCoop.map((x) => fmt(x, 0)).join(', ')}`);
  } finally {
    await cleanup();
  }
}

// 3. GET /api/user against real server processes.
const signUp = async (base: string) => {
  const reg = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', firstName: 'Bench', lastName: 'Mark' }),
  });
  return reg.headers.getSetCookie()[0]!.split(';')[0]!;
};

async function listen(app: Koa): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A server under test: where to load it, the cookie to send, the CPU time it has used (ms), and how to stop it. */
interface TTarget {
  label: string;
  url: string;
  cookie?: string;
  cpuMs(): number;
  stop(): Promise<void>;
}
/** The bare servers run in this process, which does nothing else while one is loaded. */
const thisProcessCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const targets: TTarget[] = [];
const pgliteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-bench-user-'));
const pglite = await serveRatio({ DATA_DIR: pgliteDir }, 1);
const pgliteCookie = await signUp(pglite.url);
const sample = await (await fetch(`${pglite.url}/api/user`, { headers: { cookie: pgliteCookie } })).text();
const stopPglite = async () => {
  await pglite.stop();
  await fs.rm(pgliteDir, { recursive: true, force: true });
};
const pgliteCpuMs = () => cpuMsOf(pglite.pids());
targets.push({ label: 'Ratio, PGlite, signed in', url: pglite.url, cookie: pgliteCookie, cpuMs: pgliteCpuMs, stop: stopPglite });
targets.push({ label: 'Ratio, PGlite, signed out', url: pglite.url, cpuMs: pgliteCpuMs, stop: async () => undefined });

const bare = new Koa();
bare.use((ctx) => {
  ctx.type = 'json';
  ctx.body = sample;
});
const bareServer = await listen(bare);
targets.push({ label: 'bare Koa, same JSON', url: bareServer.url, cpuMs: thisProcessCpuMs, stop: bareServer.close });

if (await postgresReachable()) {
  const testDb = await createTestDb('postgres');
  await testDb.db.destroy();
  const pgDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-bench-user-'));
  const ratioPg = await serveRatio({ DATA_DIR: pgDir, DATABASE_URL: testDb.url! }, 1);
  targets.push({
    label: 'Ratio, PostgreSQL, signed in',
    url: ratioPg.url,
    cookie: await signUp(ratioPg.url),
    cpuMs: () => cpuMsOf(ratioPg.pids()),
    stop: async () => {
      await ratioPg.stop();
      await fs.rm(pgDir, { recursive: true, force: true });
    },
  });
  // The same read without Ratio: the session and its user in one query per request, the same JSON.
  const pool = new pg.Pool({ connectionString: testDb.url!, max: 10 });
  const {
    rows: [session],
  } = await pool.query<{ id: string }>('select id from sessions limit 1');
  const barePg = new Koa();
  barePg.use(async (ctx) => {
    await pool.query(
      'select users.*, sessions.expires_at, sessions.last_seen_at from sessions join users on users.id = sessions.user_id where sessions.id = $1',
      [session!.id],
    );
    ctx.type = 'json';
    ctx.body = sample;
  });
  const barePgServer = await listen(barePg);
  targets.push({
    label: 'bare Koa + pg, one query, same JSON',
    url: barePgServer.url,
    cpuMs: thisProcessCpuMs,
    stop: async () => {
      await barePgServer.close();
      await pool.end();
      await testDb.drop().catch(() => undefined);
    },
  });
}

// Every server is up at once; three rounds, each loading them in turn in a different order, so a
// neighbour's burst on this shared machine falls on all of them alike. Medians per server.
const ROUNDS = 3;
// Beside each round's throughput, the server's CPU time per answer: what the request costs it, apart
// from how its answers and the load generator's requests happen to interleave.
const results = new Map<string, Array<TLoadResult & { cpuUs: number }>>();
try {
  const load = (t: TTarget, seconds: number) => loadFromSecondProcess(`${t.url}/api/user`, { seconds, ...(t.cookie ? { headers: { cookie: t.cookie } } : {}) });
  // One uncounted round first: each server's code is compiled by then, as in a server that has run a while.
  for (const t of targets) await load(t, 2);
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets.map((_, i) => targets[(i + round) % targets.length]!)) {
      const before = t.cpuMs();
      const r = await load(t, 5);
      results.set(t.label, [...(results.get(t.label) ?? []), { ...r, cpuUs: ((t.cpuMs() - before) * 1000) / Math.max(1, r.requests) }]);
    }
  }
} finally {
  for (const t of targets) await t.stop();
}
const rows: Array<[string, TLoadResult & { cpuUs: number }]> = [...results].map(([label, rs]) => [
  label,
  [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]!,
]);
const rpsOf = (label: string) => rows.find(([l]) => l === label)?.[1].rps ?? 0;
const [pglRps, bareRps, pgRps, barePgRps] = [
  'Ratio, PGlite, signed in',
  'bare Koa, same JSON',
  'Ratio, PostgreSQL, signed in',
  'bare Koa + pg, one query, same JSON',
].map(rpsOf) as [number, number, number, number];

console.log(
  `\nGET /api/user, 50 connections, ${ROUNDS} rounds of 5 s each after one uncounted round (median), load generator in its own process; Ratio as \`ratio serve\`; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('  server                                req/s    p50 ms   p99 ms  errors non2xx  CPU µs/answer');
for (const [name, r] of rows) {
  const all = results
    .get(name)!
    .map((x) => fmt(x.rps, 0))
    .join(', ');
  console.log(
    `  ${name.padEnd(35)} ${fmt(r.rps, 0).padStart(7)} ${fmt(r.p50, 2).padStart(8)} ${fmt(r.p99, 2).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(6)} ${fmt(r.cpuUs, 0).padStart(14)}   rounds: ${all}`,
  );
}
const line = (label: string, x: number, budget: string, ok: boolean) => console.log(`  ${label.padEnd(52)} ${fmt(x, 2)}x   budget ${budget}: ${verdict(ok)}`);
line('PGlite signed in / bare Koa', pglRps / bareRps, '>= 0.5x', pglRps / bareRps >= 0.5);
if (pgRps) {
  line('PGlite signed in / PostgreSQL signed in', pglRps / pgRps, '>= 0.83x (within 1.2x)', pglRps * 1.2 >= pgRps);
  line('PostgreSQL signed in / bare Koa + pg', pgRps / barePgRps, '>= 0.9x', pgRps / barePgRps >= 0.9);
}
