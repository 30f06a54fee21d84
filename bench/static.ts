/**
 * docs/choices.md 35 and 41 bench: a static asset against GET /api/cards for about the same bytes on
 * the wire (gzip), in the same run: both are answers built once (the asset read into memory at
 * start with its precompressed copies, the gallery per version), so the asset should serve at
 * least 0.8x the API's rate. Also the brotli bytes of every script the build wrote.
 * Run after npm run build: npm run bench -- static
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fmt, loadFromSecondProcess, startBenchServer, type TLoadResult } from './lib.ts';
import { seedGallery } from './seed-gallery.ts';

const ASSETS = 'dist/client/_astro';

const { server, url, cleanup } = await startBenchServer();
try {
  const cookie = await seedGallery(server, url);
  const cards = Buffer.from(await (await fetch(`${url}/api/cards`, { headers: { cookie, 'accept-encoding': 'gzip' } })).arrayBuffer());
  // fetch decodes; the bytes on the wire are the gzip answer's Content-Length of a raw request.
  const cardsWire = Number((await fetch(`${url}/api/cards`, { headers: { cookie, 'accept-encoding': 'gzip' } })).headers.get('content-length') ?? cards.length);

  // The asset whose gzip copy is closest in size to the gallery answer.
  const names = (await fs.readdir(ASSETS)).filter((n) => n.endsWith('.js') || n.endsWith('.css'));
  const sized = await Promise.all(
    names.map(async (n) => ({
      name: n,
      raw: (await fs.stat(path.join(ASSETS, n))).size,
      gz: (await fs.stat(path.join(ASSETS, `${n}.gz`)).catch(() => ({ size: 0 }))).size,
      br: (await fs.stat(path.join(ASSETS, `${n}.br`)).catch(() => ({ size: 0 }))).size,
    })),
  );
  const asset = sized.filter((a) => a.gz).sort((a, b) => Math.abs(a.gz - cardsWire) - Math.abs(b.gz - cardsWire))[0]!;
  const js = sized.filter((a) => a.name.endsWith('.js'));
  console.log(
    `build: ${js.length} scripts, ${fmt(js.reduce((s, a) => s + a.raw, 0) / 1024, 0)} KB raw, ${fmt(js.reduce((s, a) => s + a.gz, 0) / 1024, 0)} KB gzip, ${fmt(js.reduce((s, a) => s + a.br, 0) / 1024, 0)} KB brotli`,
  );
  console.log(`GET /api/cards: ${cardsWire} B gzip on the wire; asset ${asset.name}: ${asset.raw} B raw, ${asset.gz} B gzip, ${asset.br} B brotli`);

  const gzip = { 'accept-encoding': 'gzip' };
  const rows: Array<[string, TLoadResult]> = [
    ['GET /api/cards (gzip, cached per version)', await loadFromSecondProcess(`${url}/api/cards`, { headers: { cookie, ...gzip } })],
    [`GET /_astro/${asset.name} (gzip, precompressed)`, await loadFromSecondProcess(`${url}/_astro/${asset.name}`, { headers: gzip })],
    [
      `GET /_astro/${asset.name} (brotli, precompressed)`,
      await loadFromSecondProcess(`${url}/_astro/${asset.name}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }),
    ],
  ];
  console.log(
    `\n50 connections, 8 s each, load from a second process; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const reference = rows[0]![1].rps;
  for (const [label, r] of rows) {
    console.log(
      `  ${label.padEnd(62)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50).padStart(6)} ms  p99 ${fmt(r.p99).padStart(6)} ms  ${fmt(r.rps / reference, 2)}x  errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
  }
  const gz = rows[1]![1].rps / reference;
  console.log(`budget: the asset (gzip, the same bytes as the answer) at >= 0.8x GET /api/cards: ${gz.toFixed(2)}x ${gz >= 0.8 ? 'MET' : 'MISSED'}`);
} finally {
  await cleanup();
}
