/**
 * Issue #9 bench: mixed load on the embedded default (PGlite) next to PostgreSQL, same run.
 * 50 connections, each signed in as its own PRO user with 50 cards: signed-in reads, gallery
 * reads and photo uploads (bench/mixed-worker.ts, a second process). Then each database's idle
 * memory: `ratio serve` started as its own process, RSS read after it settles.
 * Goal: PGlite's p99 within 2x of PostgreSQL's. Run after npm run build: npm run bench -- mixed
 * (MIXED_SECONDS sets the load time; default 60.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { processImage } from '../api/services/images/process-image.ts';
import { insertImageRow, writeImageFiles } from '../api/services/images/save-card-image.ts';
import { CardSlot } from '../db/models/CardSlot.ts';
import { User } from '../db/models/User.ts';
import { accountFacts } from '../tests/helpers/factories.ts';
import { createTestDb } from '../tests/helpers/db.ts';
import { fmt, postgresReachable, startBenchServer } from './lib.ts';

const CONNECTIONS = 50;
const CARDS = 50;
const SECONDS = Number(process.env.MIXED_SECONDS ?? 60);

type TBench = Awaited<ReturnType<typeof startBenchServer>>;
interface TSummary { n: number; p50: number; p99: number; max: number }
interface TResult { errors: number; all: TSummary; read: TSummary; gallery: TSummary; upload: TSummary }

/** 50 PRO users with 50 cards each (photos included); returns their session cookies. */
async function seed({ server, url }: TBench): Promise<string[]> {
  const { db, images } = server.deps;
  const photo = await processImage(await sharp({ create: { width: 600, height: 840, channels: 3, background: '#1f4e7a' } }).jpeg().toBuffer());
  const cookies: string[] = [];
  for (let u = 0; u < CONNECTIONS; u++) {
    const email = `mixed${u}@example.com`;
    const reg = await fetch(`${url}/api/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password', firstName: 'Mixed', lastName: `Load ${u}` }),
    });
    if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
    cookies.push(reg.headers.getSetCookie()[0]!.split(';')[0]!);
    const user = await User.query(db).findOne({ email });
    await User.query(db).patch(accountFacts('pro', { customerId: `cus_mixed_${u}`, subscriptionId: `sub_mixed_${u}` })).where('id', user!.id);
    await db.transaction(async (trx) => {
      for (let n = 1; n <= CARDS; n++) {
        const id = await writeImageFiles(images, user!.id, photo);
        await insertImageRow(trx, user!.id, id, photo);
        await CardSlot.query(trx).insert({ userId: user!.id, slotNumber: n, imageId: id, title: `Card ${n}`, value: `$${n * 10}`, valueCents: n * 1000 });
      }
    });
  }
  return cookies;
}

async function run(label: string, bench: TBench, photoPath: string): Promise<TResult> {
  const cookies = await seed(bench);
  const configPath = path.join(os.tmpdir(), `ratio-mixed-${process.pid}.json`);
  await fs.writeFile(configPath, JSON.stringify({ cookies, photo: photoPath, slots: CARDS }));
  const child = spawn(process.execPath, ['bench/mixed-worker.ts', bench.url, String(SECONDS), configPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await fs.rm(configPath, { force: true });
  if (code !== 0) throw new Error(`load worker exited with ${code}`);
  const r = JSON.parse(out) as TResult;
  const line = (k: string, s: TSummary) => `  ${k.padEnd(8)} ${String(s.n).padStart(6)} ${fmt(s.p50).padStart(8)} ${fmt(s.p99).padStart(8)} ${fmt(s.max).padStart(8)}`;
  console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s, ${fmt(r.all.n / SECONDS, 0)} req/s, errors ${r.errors}`);
  console.log(`  kind         n   p50 ms   p99 ms   max ms`);
  for (const k of ['all', 'read', 'gallery', 'upload'] as const) console.log(line(k, r[k]));
  return r;
}

/** `ratio serve` as its own process on a fresh data folder: its RSS once it has served and settled. */
async function idleRss(databaseUrl?: string): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-rss-'));
  const child = spawn(process.execPath, ['cli/index.ts', 'serve', '--port', '0'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', SESSION_SECRET: 'b'.repeat(40), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  try {
    const pidFile = path.join(dataDir, 'ratio.pid');
    for (let i = 0; i < 600 && !(await fs.stat(pidFile).catch(() => null)); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 5000));
    const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('close', r));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const photoPath = path.join(os.tmpdir(), `ratio-mixed-${process.pid}.jpg`);
await fs.writeFile(photoPath, await sharp({ create: { width: 200, height: 150, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
  .resize(800, 600, { kernel: 'cubic' }).jpeg({ quality: 85 }).toBuffer());
try {
  const lite = await startBenchServer();
  let pglite: TResult;
  try { pglite = await run('PGlite (embedded default)', lite, photoPath); } finally { await lite.cleanup(); }
  if (await postgresReachable()) {
    const pgBench = await startBenchServer({ postgres: true });
    try {
      const postgres = await run('PostgreSQL', pgBench, photoPath);
      console.log(`\np99 PGlite / PostgreSQL: ${fmt(pglite.all.p99 / postgres.all.p99, 2)}x (goal: within 2x)`);
    } finally { await pgBench.cleanup(); }
  }
  console.log(`\nidle RSS of \`ratio serve\`: PGlite ${fmt(await idleRss(), 0)} MB`);
  if (await postgresReachable()) {
    const testDb = await createTestDb('postgres');
    try { console.log(`idle RSS of \`ratio serve\`: PostgreSQL ${fmt(await idleRss(testDb.url), 0)} MB`); } finally { await testDb.drop(); }
  }
} finally {
  await fs.rm(photoPath, { force: true });
}
