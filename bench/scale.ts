/**
 * docs/choices.md 33 bench: `GET /api/cards` (a PRO user with 1,000 cards) and `GET /api/user` throughput
 * and p99 from a load generator in its own process (50 connections), against `ratio serve` as a
 * real process: on the embedded database, and on PostgreSQL with 1 and 2 API processes
 * (`--workers`), next to a bare Koa server answering the same bytes in the same run. After each
 * run: where the CPU went (the API processes, every PostgreSQL backend on the machine, the load
 * generator; in cores, i.e. CPU seconds per second). Needs a built site (npm run build).
 * Run: npm run bench -- scale
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { openDb } from '../db/connection.ts';
import { accountFacts } from '../tests/helpers/factories.ts';
import { createTestDb } from '../tests/helpers/db.ts';
import { cpuMsOf, endedChildrenCpuMs, fmt, loadFromSecondProcess, postgresReachable, serveRatio as serve, type TLoadResult } from './lib.ts';

const CARDS = 1000;
const SECONDS = 8;
const CONNECTIONS = 50;
/** CPU seconds processes have used (user + system), from /proc. */
const cpuOf = (pids: readonly number[]): number => cpuMsOf(pids) / 1000;
/** Children that have exited and been waited for (the load generator): CPU seconds. */
const childrenCpu = (): number => endedChildrenCpuMs() / 1000;
const pidsNamed = (name: string): number[] =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });

interface TCpu {
  api: number;
  postgres: number;
  loadgen: number;
}

/** Loads a URL and reports where the CPU went meanwhile. */
async function measure(url: string, cookie: string, apiPids: number[]): Promise<TLoadResult & TCpu> {
  const pg = pidsNamed('postgres');
  const before = { api: cpuOf(apiPids), postgres: cpuOf(pg), loadgen: childrenCpu(), self: process.cpuUsage() };
  const t0 = performance.now();
  const r = await loadFromSecondProcess(url, { headers: { cookie, 'accept-encoding': 'gzip' }, connections: CONNECTIONS, seconds: SECONDS });
  const wall = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(before.self);
  const api = apiPids.length ? cpuOf(apiPids) - before.api : (self.user + self.system) / 1e6;
  return { ...r, api: api / wall, postgres: (cpuOf(pg) - before.postgres) / wall, loadgen: (childrenCpu() - before.loadgen) / wall };
}

const line = (label: string, r: TLoadResult & TCpu) =>
  console.log(
    `  ${label.padEnd(34)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50).padStart(5)} ms  p99 ${fmt(r.p99).padStart(6)} ms  `
      + `errors ${r.errors + r.non2xx}  | CPU cores: API ${fmt(r.api, 2)}, PostgreSQL ${fmt(r.postgres, 2)}, load generator ${fmt(r.loadgen, 2)}`,
  );

/** A PRO user with 1,000 cards (image rows without files: this bench reads no photo). */
async function seed(url: string, dbEnv: { databaseUrl?: string; dataDir: string }): Promise<string> {
  const email = `scale-${Date.now()}@example.com`;
  const reg = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', firstName: 'Scale', lastName: 'Bench' }),
  });
  const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
  const { db, close } = await openDb({ databaseUrl: dbEnv.databaseUrl, dataDir: dbEnv.dataDir });
  try {
    const user = await db('users').where({ email }).first<{ id: number }>('id');
    await db('users').where('id', user.id).update(accountFacts('pro'));
    const images = Array.from({ length: CARDS }, () => ({ id: randomUUID(), userId: user.id, mime: 'image/jpeg', width: 600, height: 840, bytes: 50_000 }));
    for (let i = 0; i < CARDS; i += 250) await db('card_images').insert(images.slice(i, i + 250));
    const slots = images.map((img, n) => ({
      userId: user.id,
      slotNumber: n + 1,
      imageId: img.id,
      title: `${1990 + (n % 30)} Topps Chrome Player ${n + 1}`,
      description: 'PSA 10 GEM MT',
      value: `$${(n * 37) % 5000}`,
      valueCents: ((n * 37) % 5000) * 100,
      allTimeHigh: `$${(n * 41) % 7000}`,
      allTimeHighCents: ((n * 41) % 7000) * 100,
    }));
    for (let i = 0; i < CARDS; i += 250) await db('card_slots').insert(slots.slice(i, i + 250));
    await db('users').where('id', user.id).increment('galleryVersion', 1);
  } finally {
    await close();
  }
  return cookie;
}

async function bareKoa(body: Buffer, gzipped: boolean): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.type = 'json';
    if (gzipped) ctx.set('Content-Encoding', 'gzip');
    ctx.body = body;
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

console.log(
  `${CONNECTIONS} connections, ${SECONDS} s each, load generator in its own process; machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const runs: Array<{ label: string; workers: number; postgres: boolean }> = [
  { label: 'embedded PGlite, 1 process', workers: 1, postgres: false },
  ...((await postgresReachable())
    ? [
        { label: 'PostgreSQL, 1 process', workers: 1, postgres: true },
        { label: 'PostgreSQL, 2 processes', workers: 2, postgres: true },
      ]
    : []),
];
let sample: { cards: Buffer; user: Buffer } | undefined;
for (const run of runs) {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ratio-scale-bench-'));
  const testDb = run.postgres ? await createTestDb('postgres') : undefined;
  await testDb?.db.destroy();
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(testDb ? { DATABASE_URL: testDb.url! } : {}) };
  const server = await serve(env, run.workers);
  try {
    const cookie = await seed(server.url, { databaseUrl: testDb?.url, dataDir });
    if (!sample) {
      const cards = await fetch(`${server.url}/api/cards`, { headers: { cookie, 'accept-encoding': 'gzip' } });
      sample = {
        cards: gzipSync(Buffer.from(await cards.arrayBuffer())),
        user: Buffer.from(await (await fetch(`${server.url}/api/user`, { headers: { cookie } })).arrayBuffer()),
      };
      console.log(`GET /api/cards answer: ${CARDS} cards, ${(sample.cards.length / 1024).toFixed(0)} KB gzip`);
    }
    console.log(run.label);
    line('GET /api/cards', await measure(`${server.url}/api/cards`, cookie, server.pids()));
    line('GET /api/user', await measure(`${server.url}/api/user`, cookie, server.pids()));
  } finally {
    await server.stop();
    await testDb?.drop().catch(() => undefined);
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}
if (sample) {
  console.log('bare Koa in this process, the same bytes');
  for (const [label, body, gz] of [
    ['GET /api/cards (same gzip body)', sample.cards, true],
    ['GET /api/user (same JSON)', sample.user, false],
  ] as const) {
    const koa = await bareKoa(body, gz);
    try {
      line(label, await measure(koa.url, 'x=1', []));
    } finally {
      await koa.close();
    }
  }
}

// Photos of a 1,000-card wall from S3 (a local s3rver): streamed through the API (what Ratio
// does: one URL per photo that never changes, checked against its owner on every request) vs
// presigned URLs the browser would fetch from the bucket itself. 6 requests at a time, as a
// browser makes per origin over HTTP/1.1.
if (await postgresReachable()) {
  const { startLocalS3 } = await import('../tests/helpers/scale.ts');
  const { createS3Client, s3ImageStore } = await import('../api/services/images/s3-image-store.ts');
  const { parseEnv } = await import('../api/env.ts');
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const sharp = (await import('sharp')).default;
  const s3 = await startLocalS3();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ratio-scale-bench-'));
  const testDb = await createTestDb('postgres');
  await testDb.db.destroy();
  const env = { DATA_DIR: dataDir, DATABASE_URL: testDb.url!, ...s3.env };
  const server = await serve(env, 1);
  try {
    const cookie = await seed(server.url, { databaseUrl: testDb.url, dataDir });
    const s3env = parseEnv({ ...s3.env, DATA_DIR: dataDir }) as Parameters<typeof createS3Client>[0];
    const store = s3ImageStore(s3env);
    const thumb = await sharp({ create: { width: 400, height: 560, channels: 3, background: '#1f4e7a' } })
      .webp({ quality: 80 })
      .toBuffer();
    const { db, close } = await openDb({ databaseUrl: testDb.url });
    const rows = (await db('card_images').select('id', 'userId')) as Array<{ id: string; userId: number }>;
    await close();
    for (let i = 0; i < rows.length; i += 50) await Promise.all(rows.slice(i, i + 50).map((r) => store.write(`${r.userId}/${r.id}/thumb.webp`, thumb)));
    const fetchAll = async (urls: string[], headers: Record<string, string>) => {
      const t0 = performance.now();
      let next = 0;
      let bytes = 0;
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (next < urls.length) {
            const res = await fetch(urls[next++]!, { headers });
            if (!res.ok) throw new Error(`${res.status} for a photo`);
            bytes += (await res.arrayBuffer()).byteLength;
          }
        }),
      );
      return { ms: performance.now() - t0, bytes };
    };
    const cards = (await (await fetch(`${server.url}/api/cards`, { headers: { cookie } })).json()) as Array<{ thumbUrl: string }>;
    const pids = server.pids();
    const cpu0 = cpuOf(pids);
    const streamed = await fetchAll(
      cards.map((c) => server.url + c.thumbUrl),
      { cookie },
    );
    const apiCpu = cpuOf(pids) - cpu0;
    const client = createS3Client(s3env);
    const t0 = performance.now();
    const signed = await Promise.all(
      rows.map((r) => getSignedUrl(client, new GetObjectCommand({ Bucket: s3env.S3_BUCKET, Key: `${r.userId}/${r.id}/thumb.webp` }), { expiresIn: 300 })),
    );
    const signMs = performance.now() - t0;
    const direct = await fetchAll(signed, {});
    console.log(`1,000 thumbnails (${(thumb.length / 1024).toFixed(1)} KB each) from S3 (local s3rver), 6 at a time:`);
    console.log(
      `  streamed through the API        ${fmt(streamed.ms, 0).padStart(6)} ms  (API CPU ${fmt(apiCpu * 1000, 0)} ms, ${fmt((apiCpu * 1e6) / rows.length, 0)} µs a photo)`,
    );
    console.log(`  presigned URLs, from the bucket ${fmt(direct.ms, 0).padStart(6)} ms  (+ ${fmt(signMs, 0)} ms to sign 1,000 URLs in the API)`);
  } finally {
    await server.stop();
    await testDb.drop().catch(() => undefined);
    await s3.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}
