/**
 * docs/choices.md 27 bench: mixed load on the embedded default (PGlite) next to PostgreSQL, same run.
 * 50 connections, each signed in as its own PRO user with 50 cards: signed-in reads, gallery
 * reads and photo uploads (bench/mixed-worker.ts, a second process). Then each database's idle
 * memory: `ratio serve` started as its own process, RSS read after it settles.
 * The two databases take turns (ROUNDS rounds each), so a busy machine weighs on both alike.
 * Goal: PGlite's p99 within 2x of PostgreSQL's. Run after npm run build: npm run bench -- mixed
 * (MIXED_SECONDS sets each database's total load time; default 60.)
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
const ROUNDS = 3;

type TBench = Awaited<ReturnType<typeof startBenchServer>>;
type TKind = 'read' | 'gallery' | 'upload';
interface TLoad {
  errors: number;
  latencies: Record<TKind, number[]>;
}

/** 50 PRO users with 50 cards each (photos included); returns their session cookies. */
async function seed({ server, url }: TBench): Promise<string[]> {
  const { db, images } = server.deps;
  const photo = await processImage(
    await sharp({ create: { width: 600, height: 840, channels: 3, background: '#1f4e7a' } })
      .jpeg()
      .toBuffer(),
  );
  const cookies: string[] = [];
  for (let u = 0; u < CONNECTIONS; u++) {
    const email = `mixed${u}@example.com`;
    const reg = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password', firstName: 'Mixed', lastName: `Load ${u}` }),
    });
    if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
    cookies.push(reg.headers.getSetCookie()[0]!.split(';')[0]!);
    const user = await User.query(db).findOne({ email });
    await User.query(db)
      .patch(accountFacts('pro', { customerId: `cus_mixed_${u}`, subscriptionId: `sub_mixed_${u}` }))
      .where('id', user!.id);
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

/** One round of load from a second process against a seeded server. */
async function round(bench: TBench, configPath: string, seconds: number): Promise<TLoad> {
  const child = spawn(process.execPath, ['bench/mixed-worker.ts', bench.url, String(seconds), configPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`load worker exited with ${code}`);
  return JSON.parse(out) as TLoad;
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/** Prints the merged rounds of one database; returns its overall p99. */
function report(label: string, loads: TLoad[]): number {
  const kinds: TKind[] = ['read', 'gallery', 'upload'];
  const by = Object.fromEntries(kinds.map((k) => [k, loads.flatMap((l) => l.latencies[k]).sort((a, b) => a - b)])) as Record<TKind, number[]>;
  const all = kinds.flatMap((k) => by[k]).sort((a, b) => a - b);
  const errors = loads.reduce((n, l) => n + l.errors, 0);
  console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s in ${ROUNDS} rounds, ${fmt(all.length / SECONDS, 0)} req/s, errors ${errors}`);
  console.log('  kind         n   p50 ms   p99 ms   max ms');
  for (const [k, xs] of [['all', all], ...kinds.map((kind) => [kind, by[kind]])] as Array<[string, number[]]>) {
    console.log(
      `  ${k.padEnd(8)} ${String(xs.length).padStart(6)} ${fmt(pct(xs, 50)).padStart(8)} ${fmt(pct(xs, 99)).padStart(8)} ${fmt(xs.at(-1) ?? 0).padStart(8)}`,
    );
  }
  return pct(all, 99);
}

/** `ratio serve` as its own process on a fresh data folder: its RSS once it has served and settled. */
async function idleRss(databaseUrl?: string): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-rss-'));
  const child = spawn(process.execPath, ['cli/index.ts', 'serve', '--port', '0'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      SESSION_SECRET: 'b'.repeat(40),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
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
await fs.writeFile(
  photoPath,
  await sharp({ create: { width: 200, height: 150, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .resize(800, 600, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer(),
);
try {
  const benches: Array<{ label: string; bench: TBench; config: string; loads: TLoad[] }> = [];
  try {
    for (const [label, postgres] of [
      ['PGlite (embedded default)', false],
      ['PostgreSQL', true],
    ] as const) {
      if (postgres && !(await postgresReachable())) continue;
      const bench = await startBenchServer({ postgres });
      benches.push({ label, bench, config: path.join(os.tmpdir(), `ratio-mixed-${process.pid}-${benches.length}.json`), loads: [] });
      await fs.writeFile(benches.at(-1)!.config, JSON.stringify({ cookies: await seed(bench), photo: photoPath, slots: CARDS }));
    }
    for (let r = 0; r < ROUNDS; r++) {
      for (const b of benches) b.loads.push(await round(b.bench, b.config, SECONDS / ROUNDS));
    }
    const p99s = benches.map((b) => report(b.label, b.loads));
    if (p99s.length === 2) console.log(`\np99 PGlite / PostgreSQL: ${fmt(p99s[0]! / p99s[1]!, 2)}x (goal: within 2x)`);
  } finally {
    for (const b of benches) {
      await b.bench.cleanup();
      await fs.rm(b.config, { force: true });
    }
  }
  console.log(`\nidle RSS of \`ratio serve\`: PGlite ${fmt(await idleRss(), 0)} MB`);
  if (await postgresReachable()) {
    const testDb = await createTestDb('postgres');
    try {
      console.log(`idle RSS of \`ratio serve\`: PostgreSQL ${fmt(await idleRss(testDb.url), 0)} MB`);
    } finally {
      await testDb.drop();
    }
  }
} finally {
  await fs.rm(photoPath, { force: true });
}
