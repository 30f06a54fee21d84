/**
 * Issue #2 bench: the landing page's bytes (HTML, CSS, JS; raw and gzip) and GET /api/user latency
 * under load from a second process, next to a bare Koa server answering the same JSON in the
 * same run. Needs a built site (npm run build). Run: npm run bench -- landing
 */
import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import Koa from 'koa';
import { fmt, loadFromSecondProcess, postgresReachable, startBenchServer } from './lib.ts';

const { url, cleanup } = await startBenchServer();
try {
  // 1. Landing page bytes.
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
  console.log(`  inline script ${Buffer.byteLength(inlineJs)} B raw, ${gzipSync(inlineJs).length} B gzip (counted in html); JS files: ${assets.filter((a) => a.endsWith('.js')).length}`);
  console.log(`  total JS gzip: ${sizes.js[1]! + gzipSync(inlineJs).length} B (budget 10240 B)`);

  // 2. GET /api/user next to a bare Koa server answering the same JSON, on PGlite and PostgreSQL.
  const signUp = async (base: string) => {
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', firstName: 'Bench', lastName: 'Mark' }),
    });
    return reg.headers.getSetCookie()[0]!.split(';')[0]!;
  };
  const cookie = await signUp(url);
  const sample = await (await fetch(`${url}/api/user`, { headers: { cookie } })).text();
  const bare = new Koa();
  bare.use((ctx) => { ctx.type = 'json'; ctx.body = sample; });
  const bareServer = await new Promise<Server>((resolve) => { const s = bare.listen(0, '127.0.0.1', () => resolve(s)); });
  const barePort = (bareServer.address() as { port: number }).port;

  const rows: Array<[string, Awaited<ReturnType<typeof loadFromSecondProcess>>]> = [
    ['bare Koa, same JSON', await loadFromSecondProcess(`http://127.0.0.1:${barePort}/api/user`)],
    ['Ratio, PGlite, signed in', await loadFromSecondProcess(`${url}/api/user`, { headers: { cookie } })],
    ['Ratio, signed out', await loadFromSecondProcess(`${url}/api/user`)],
  ];
  if (await postgresReachable()) {
    const pg = await startBenchServer({ postgres: true });
    try {
      const pgCookie = await signUp(pg.url);
      rows.push(['Ratio, PostgreSQL, signed in', await loadFromSecondProcess(`${pg.url}/api/user`, { headers: { cookie: pgCookie } })]);
    } finally {
      await pg.cleanup();
    }
  }
  bareServer.close();
  console.log('\nGET /api/user, 50 connections, 8 s each, load from a second process');
  console.log('  server                          req/s    p50 ms   p99 ms  errors non2xx');
  for (const [name, r] of rows) {
    console.log(`  ${name.padEnd(29)} ${fmt(r.rps, 0).padStart(7)} ${fmt(r.p50, 2).padStart(8)} ${fmt(r.p99, 2).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(6)}`);
  }
  const b = rows[0]![1];
  for (const [name, r] of rows.slice(1)) {
    console.log(`  ${name} / bare: p50 x${fmt(r.p50 / b.p50)}, p99 x${fmt(r.p99 / b.p99)}, throughput ${fmt((r.rps / b.rps) * 100, 0)}%`);
  }
} finally {
  await cleanup();
}
