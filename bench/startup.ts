/**
 * docs/choices.md 46 bench: `npm start`'s first byte and the memory of the embedded default, each beside
 * a reference measured in the same run. Run after a build: npm run bench -- startup
 *
 * 1. First byte of what `npm start` runs (package.json scripts.start, dist/ current) on an existing
 *    data folder (60 demo accounts) and on a fresh one, beside a bare Node HTTP server's first byte
 *    (Node's own start). Goals: < 5 s existing, < 15 s fresh (STARTUP_BUILD=1 adds the site build
 *    to the fresh figure, as a fresh clone pays it: it rebuilds this checkout's dist/).
 * 2. Memory, all Ratio's processes together (the server and the label reader's process when it
 *    runs): idle after start, and the peak under the mixed load of bench/mixed-worker.ts (signed-in
 *    reads, galleries, photo uploads; 20 users on a trial) plus a label read, on PGlite; the same
 *    server on PostgreSQL beside it as the reference. Goals on PGlite: < 400 MB idle, < 600 MB
 *    under load, as PSS summed over the processes (shared pages split among them), with RSS summed
 *    beside it. (MIXED_SECONDS sets the load time; default 20.)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createTestDb } from '../tests/helpers/db.ts';
import { freePort } from '../tests/helpers/process.ts';
import { fmt, postgresReachable } from './lib.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** What `npm start` runs: package.json's scripts.start, `node <flags> scripts/start.ts`. */
const START = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/).slice(1);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 20);
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface TStarted {
  child: ChildProcess;
  url: string;
  ms: number;
}

/** Starts a command that serves on `port`; resolves at the first byte of GET / (ms since spawn). */
async function firstByte(args: string[], env: Record<string, string>, port: number): Promise<TStarted> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
    const ok = await fetch(`${url}/`).then(
      async (r) => {
        await r.arrayBuffer();
        return true;
      },
      () => false,
    );
    if (ok) return { child, url, ms: performance.now() - started };
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await ended;
}

/**
 * Memory of a process and all its descendants, MB: RSS summed (pages the processes share, such as
 * the Node binary and libvips that the server and the reader both map, counted once a process),
 * and PSS summed (each shared page split among the processes that map it: what they take from
 * the machine together).
 */
function treeMemory(pid: number): { rss: number; pss: number; serverPss: number } {
  let rss = 0;
  let pss = 0;
  let serverPss = 0;
  const walk = (p: number) => {
    try {
      const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      const own = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += own;
      if (p === pid) serverPss = own;
      for (const c of fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) walk(Number(c));
    } catch {
      /* gone */
    }
  };
  walk(pid);
  return { rss: rss / 1024, pss: pss / 1024, serverPss: serverPss / 1024 };
}

const ratioCli = (args: string[], env: Record<string, string>) =>
  execFileSync(process.execPath, [path.join(ROOT, 'cli/index.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });

// --- 1. first byte (STARTUP_PART=memory skips it; STARTUP_PART=first-byte runs only it) --------------------------------------------
const existingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratio-startup-'));
ratioCli(['db', 'seed'], { DATA_DIR: existingDir });
if (process.env.STARTUP_PART !== 'memory') {
  console.log('npm start (node scripts/start.ts), first byte of GET /, median of 3, beside a bare Node HTTP server');
  if (process.env.STARTUP_BUILD === '1') fs.rmSync(path.join(ROOT, 'dist', '.build-stamp.json'), { force: true });
  const bare: number[] = [];
  const existing: number[] = [];
  const fresh: number[] = [];
  let buildMs = 0;
  for (let i = 0; i < 3; i++) {
    const ref = await firstByte(
      ['-e', "require('node:http').createServer((q, r) => r.end('ok')).listen(process.env.PORT, process.env.HOST)"],
      {},
      await freePort(),
    );
    bare.push(ref.ms);
    await stop(ref.child);
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratio-startup-fresh-'));
    const f = await firstByte(START, { DATA_DIR: freshDir }, await freePort());
    if (i === 0 && process.env.STARTUP_BUILD === '1')
      buildMs = f.ms; // includes the build
    else fresh.push(f.ms);
    await stop(f.child);
    fs.rmSync(freshDir, { recursive: true, force: true });
    const e = await firstByte(START, { DATA_DIR: existingDir }, await freePort());
    existing.push(e.ms);
    await stop(e.child);
  }
  const s = (ms: number) => `${fmt(ms / 1000, 2)} s`;
  console.log(`  bare Node HTTP server (reference)   ${s(median(bare))}`);
  console.log(`  existing data (60 accounts)         ${s(median(existing))}   goal < 5 s: ${verdict(median(existing) < 5000)}`);
  console.log(`  fresh data folder                   ${s(median(fresh))}   goal < 15 s: ${verdict(median(fresh) < 15000)}`);
  if (buildMs) console.log(`  fresh clone (site build + fresh)    ${s(buildMs)}   goal < 15 s: ${verdict(buildMs < 15000)}`);
}
if (process.env.STARTUP_PART === 'first-byte') {
  fs.rmSync(existingDir, { recursive: true, force: true });
  process.exit(0);
}

// --- 2. memory -------------------------------------------------------------------------------
/** 20 users registered and on a trial through the API: cookies for bench/mixed-worker.ts. */
async function loadConfig(url: string, tag: string): Promise<string> {
  const cookies: string[] = [];
  for (let u = 0; u < 20; u++) {
    const reg = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `load-${tag}-${u}@example.com`, password: 'bench-password', firstName: 'Load', lastName: `User ${u}` }),
    });
    if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
    const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
    const trial = await fetch(`${url}/api/start-free-trial`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    await trial.arrayBuffer();
    cookies.push(cookie);
  }
  const photo = path.join(os.tmpdir(), `ratio-startup-photo-${tag}.jpg`);
  fs.writeFileSync(
    photo,
    await sharp({ create: { width: 600, height: 840, channels: 3, background: '#1f4e7a' } })
      .jpeg()
      .toBuffer(),
  );
  const config = path.join(os.tmpdir(), `ratio-startup-load-${tag}.json`);
  fs.writeFileSync(config, JSON.stringify({ cookies, photo, slots: 10 }));
  return config;
}

interface TMemory {
  idle: { rss: number; pss: number };
  peak: { rss: number; pss: number };
  /** The highest PSS of the server process alone, and of the rest (the label reader) alone, over the load. */
  peakServer: number;
  peakReader: number;
  errors: number;
}

async function memory(label: string, env: Record<string, string>): Promise<TMemory> {
  const server = await firstByte(START, env, await freePort());
  try {
    await new Promise((r) => setTimeout(r, 5000));
    const idle = treeMemory(server.child.pid!);
    const config = await loadConfig(server.url, label);
    const peak = treeMemory(server.child.pid!);
    let peakServer = peak.serverPss;
    let peakReader = peak.pss - peak.serverPss;
    const sampler = setInterval(() => {
      const now = treeMemory(server.child.pid!);
      peak.rss = Math.max(peak.rss, now.rss);
      peak.pss = Math.max(peak.pss, now.pss);
      peakServer = Math.max(peakServer, now.serverPss);
      peakReader = Math.max(peakReader, now.pss - now.serverPss);
    }, 100);
    const load = spawn(process.execPath, ['bench/mixed-worker.ts', server.url, String(SECONDS), config], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    load.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    // A label read during the load: the reader's process starts and counts in the peak.
    const [cookie] = (JSON.parse(fs.readFileSync(config, 'utf8')) as { cookies: string[] }).cookies;
    const image = `data:image/jpeg;base64,${fs.readFileSync(path.join(os.tmpdir(), `ratio-startup-photo-${label}.jpg`)).toString('base64')}`;
    const analyze = await fetch(`${server.url}/api/analyze-card`, {
      method: 'POST',
      headers: { cookie: cookie!, 'content-type': 'application/json' },
      body: JSON.stringify({ image }),
    }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => 0,
    );
    await new Promise((resolve) => load.once('exit', resolve));
    clearInterval(sampler);
    const errors = (JSON.parse(out.trim().split('\n').pop() ?? '{}') as { errors?: number }).errors ?? -1;
    if (analyze >= 400 || analyze === 0) console.log(`  (${label}: the label read answered ${analyze})`);
    return { idle, peak, peakServer, peakReader, errors };
  } finally {
    await stop(server.child);
  }
}

console.log(
  `\nmemory of all Ratio's processes (server + label reader), MB: idle 5 s after start; peak under ${SECONDS} s of mixed load (20 users) and a label read`,
);
const pglite = await memory('pglite', { DATA_DIR: existingDir });
let pgRef: TMemory | null = null;
if (await postgresReachable()) {
  const testDb = await createTestDb('postgres');
  await testDb.db.destroy();
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratio-startup-pg-'));
  try {
    ratioCli(['db', 'seed'], { DATA_DIR: pgDir, DATABASE_URL: testDb.url! });
    pgRef = await memory('postgres', { DATA_DIR: pgDir, DATABASE_URL: testDb.url! });
  } finally {
    await testDb.drop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
const row = (m: TMemory) =>
  `idle ${fmt(m.idle.pss, 0)} (RSS ${fmt(m.idle.rss, 0)})   peak ${fmt(m.peak.pss, 0)} (RSS ${fmt(m.peak.rss, 0)}; server alone ${fmt(m.peakServer, 0)}, reader alone ${fmt(m.peakReader, 0)})   (load errors ${m.errors})`;
console.log('  PSS summed: what the processes take together; RSS summed counts the pages they share once a process');
if (pgRef) console.log(`  PostgreSQL (reference; the database server's own memory not counted)   ${row(pgRef)}`);
console.log(`  PGlite                                                                 ${row(pglite)}`);
console.log(
  `  PGlite idle < 400 MB: ${verdict(pglite.idle.pss < 400)} (RSS summed: ${verdict(pglite.idle.rss < 400)}); under load < 600 MB: ${verdict(pglite.peak.pss < 600)} (RSS summed: ${verdict(pglite.peak.rss < 600)})`,
);
fs.rmSync(existingDir, { recursive: true, force: true });
