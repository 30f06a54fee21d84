/**
 * Issue #2 bench: the landing page's bytes (HTML, CSS, JS; raw and gzip) and GET /api/user latency
 * under load from a second process, next to a bare Koa server answering the same JSON in the
 * same run. Needs a built site (npm run build). Run: npm run bench -- landing
 */
import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import Koa from 'koa';
import { fmt, loadFromSecondProcess, startBenchServer } from './lib.ts';

const { server, url, cleanup } = await startBenchServer();
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

  // 2. A signed-in user for GET /api/user.
  const reg = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', firstName: 'Bench', lastName: 'Mark' }),
  });
  const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
  const sample = await (await fetch(`${url}/api/user`, { headers: { cookie } })).text();

  // 3. A bare Koa server answering the same JSON.
  const bare = new Koa();
  bare.use((ctx) => { ctx.type = 'json'; ctx.body = sample; });
  const bareServer = await new Promise<Server>((resolve) => { const s = bare.listen(0, '127.0.0.1', () => resolve(s)); });
  const barePort = (bareServer.address() as { port: number }).port;

  const rows: Array<[string, ReturnType<typeof loadFromSecondProcess>]> = [
    ['bare Koa, same JSON', loadFromSecondProcess(`http://127.0.0.1:${barePort}/api/user`)],
    ['Ratio /api/user signed in', loadFromSecondProcess(`${url}/api/user`, { headers: { cookie } })],
    ['Ratio /api/user signed out', loadFromSecondProcess(`${url}/api/user`)],
  ];
  bareServer.close();
  console.log('\nGET /api/user, 50 connections, 8 s each, autocannon in a second process');
  console.log('  server                         req/s    p50 ms   p99 ms  errors non2xx');
  for (const [name, r] of rows) {
    console.log(`  ${name.padEnd(28)} ${fmt(r.rps, 0).padStart(7)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(6)}`);
  }
  const [b, s] = [rows[0]![1], rows[1]![1]];
  console.log(`  ratio signed-in / bare: p50 x${fmt(s.p50 / Math.max(b.p50, 0.5))}, p99 x${fmt(s.p99 / Math.max(b.p99, 0.5))}, throughput ${fmt((s.rps / b.rps) * 100, 0)}%`);
} finally {
  await cleanup();
}
