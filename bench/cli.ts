/**
 * docs/choices.md 46 bench: how long `ratio users list`, `ratio stats` and `ratio users show` take as whole
 * processes (start to exit, as an operator waits for them), on the embedded database with the
 * server running (commands go through its socket) and without it, and on PostgreSQL; beside
 * `psql -c` running the same query on the same PostgreSQL data as the reference. Each figure is
 * the median of RUNS (default 5) after one warm-up run. Goals: < 1 s with the server running,
 * < 2 s without. Run after a build: npm run bench -- cli
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDb } from '../tests/helpers/db.ts';
import { freePort } from '../tests/helpers/process.ts';
import { fmt, postgresReachable } from './lib.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const BIN = path.join(ROOT, 'cli', 'bin.js');
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median wall time (ms) of a whole process, after a warm-up; throws when it fails. */
function time(cmd: string, args: string[], env: Record<string, string>): number {
  const ms: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const r = spawnSync(cmd, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr.toString()}`);
    if (i > 0) ms.push(performance.now() - started);
  }
  return median(ms);
}

const COMMANDS: Array<{ name: string; args: string[]; sql: string }> = [
  { name: 'users list', args: ['users', 'list'], sql: 'select id, email, first_name, last_name, created_at from users order by id desc' },
  { name: 'stats', args: ['stats'], sql: 'select count(*), (select count(*) from card_slots) from users' },
  {
    name: 'users show',
    args: ['users', 'show', 'demo-1@ratio.local'],
    sql: "select u.*, (select count(*) from card_slots c where c.user_id = u.id) from users u where email = 'demo-1@ratio.local'",
  },
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratio-cli-bench-'));
execFileSync(process.execPath, [BIN, 'db', 'seed'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: 'ignore' });
const pg = (await postgresReachable()) ? await createTestDb('postgres') : null;
if (pg) {
  await pg.db.destroy();
  execFileSync(process.execPath, [BIN, 'db', 'seed'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pg.url!, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
}

// The server on the embedded database, as `npm start` runs it.
const port = await freePort();
const start = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/).slice(1);
const server = spawn(process.execPath, start, {
  cwd: ROOT,
  stdio: 'ignore',
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
});
for (
  let i = 0;
  i < 600
  && !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
)
  await new Promise((r) => setTimeout(r, 100));

console.log(`whole-process wall time, median of ${RUNS}, ms (cli/bin.js = \`ratio\`; npm run ratio -- adds npm's own start)`);
console.log('command       psql -c (ref)  PGlite, server running  PGlite, no server  PostgreSQL');
const rows: Array<{ name: string; running: number; alone: number }> = [];
const running: Record<string, number> = {};
for (const c of COMMANDS) running[c.name] = time(process.execPath, [BIN, ...c.args], { DATA_DIR: dataDir });
const stopped = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await stopped;
for (const c of COMMANDS) {
  const alone = time(process.execPath, [BIN, ...c.args], { DATA_DIR: dataDir });
  const ref = pg ? time('psql', [pg.url!, '-c', c.sql], {}) : NaN;
  const onPg = pg ? time(process.execPath, [BIN, ...c.args], { DATA_DIR: dataDir, DATABASE_URL: pg.url! }) : NaN;
  rows.push({ name: c.name, running: running[c.name]!, alone });
  console.log(
    `${c.name.padEnd(14)}${fmt(ref, 0).padStart(13)}${fmt(running[c.name]!, 0).padStart(24)}${fmt(alone, 0).padStart(19)}${fmt(onPg, 0).padStart(12)}`,
  );
}
const npmRun = time('npm', ['run', '--silent', 'ratio', '--', 'users', 'list'], { DATA_DIR: dataDir });
console.log(`npm run ratio -- users list (no server): ${fmt(npmRun, 0)} ms`);
for (const r of rows) {
  console.log(`${r.name}: < 1 s with the server running ${verdict(r.running < 1000)}; < 2 s without ${verdict(r.alone < 2000)}`);
}
if (pg) await pg.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
