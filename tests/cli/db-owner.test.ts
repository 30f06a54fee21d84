import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStarted } from '../../db/embedded/lock.ts';
import { ownEmbedded } from '../../db/embedded/owner.ts';
import { createTestDb, testDbKind, type TTestDb } from '../helpers/db.ts';
import { TestClient } from '../helpers/http.ts';
import { runRatio, startServerProcess } from '../helpers/process.ts';

// `ratio serve` and `ratio …` as real processes on one database: PGlite in a data folder, or
// PostgreSQL (DATABASE_URL) in the api-postgres project.
let dataDir: string;
let testDb: TTestDb | undefined;
let env: Record<string, string>;
// Each test starts real processes; opening a new PGlite folder takes seconds on a busy machine.
const SLOW = 180_000;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-owner-'));
  if (testDbKind() === 'postgres') {
    testDb = await createTestDb('postgres');
    await testDb.db.destroy();
  }
  env = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), ...(testDb ? { DATABASE_URL: testDb.url! } : {}) };
});
afterAll(async () => {
  await testDb?.drop().catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the CLI while the server runs', () => {
  it(
    'a CLI write is seen by the running server at once and survives its restart',
    async () => {
      let server = await startServerProcess(env);
      try {
        const client = new TestClient(server.url);
        const email = 'operator@example.com';
        const reg = await client.post('/api/register', { email, password: 'a-long-password', firstName: 'Op', lastName: 'Erator' });
        expect(reg.status).toBe(201);
        expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: false });

        const made = await runRatio(['users', 'admin', email], { env });
        expect(made.stderr).toBe('');
        expect(made.code).toBe(0);
        expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: true });

        await server.stop();
        server = await startServerProcess(env);
        const again = new TestClient(server.url);
        expect((await again.post('/api/login', { email, password: 'a-long-password' })).status).toBe(200);
        expect((await again.get('/api/user')).body).toMatchObject({ email, isAdmin: true });
      } finally {
        await server.stop();
      }
    },
    SLOW,
  );
});

if (testDbKind() === 'pglite') {
  describe('one owner of the embedded database', () => {
    it(
      'a second server on the same data folder refuses, naming the holder and what to do',
      async () => {
        const server = await startServerProcess(env);
        try {
          const holder = (await fs.readFile(path.join(dataDir, 'ratio.pid'), 'utf8')).trim();
          const second = await runRatio(['serve', '--port', '0'], { env });
          expect(second.code).toBe(1);
          expect(second.stderr).toContain(`is in use by process ${holder}`);
          expect(second.stderr).toContain('stop that process first');
          // The first server was not disturbed.
          expect((await fetch(`${server.url}/api/user`)).status).toBe(200);
        } finally {
          await server.stop();
        }
      },
      SLOW,
    );

    it(
      'a lock left by a killed process is taken over, and released after the command',
      async () => {
        const dead = spawnSync(process.execPath, ['-e', '']).pid!;
        const lock = path.join(dataDir, 'pglite.lock');
        await fs.writeFile(lock, JSON.stringify({ pid: dead, command: 'bin.js serve', since: new Date().toISOString(), host: dataDir, port: 5432 }));
        const list = await runRatio(['users', 'list'], { env });
        expect(list.stderr).toBe('');
        expect(list.code).toBe(0);
        expect(list.stdout).toContain('operator@example.com');
        await expect(fs.stat(lock)).rejects.toThrow(/ENOENT/);
      },
      SLOW,
    );

    it(
      'a lock whose PID now belongs to another process (not a Ratio owner) is taken over',
      async () => {
        const lock = path.join(dataDir, 'pglite.lock');
        // A live process that is no Ratio owner: the PID a crashed owner's lock names, reused.
        const other = spawn('sleep', ['120']);
        try {
          const started = processStarted(other.pid!);
          expect(started).toBeTruthy();
          for (const record of [
            // The lock recorded its owner's start time; the process with that PID now started later.
            { pid: other.pid, command: 'bin.js serve', since: '2026-01-01T00:00:00.000Z', started: String(Number(started) - 1000), host: dataDir, port: 5432 },
            // A lock written before start times were recorded: the PID's process is not Node.
            { pid: other.pid, command: 'bin.js serve', since: '2026-01-01T00:00:00.000Z', host: dataDir, port: 5432 },
          ]) {
            await fs.writeFile(lock, JSON.stringify(record));
            const list = await runRatio(['users', 'list'], { env });
            expect(list.stderr).toBe('');
            expect(list.code).toBe(0);
            expect(list.stdout).toContain('operator@example.com');
            await expect(fs.stat(lock)).rejects.toThrow(/ENOENT/);
          }
        } finally {
          other.kill();
        }
      },
      SLOW,
    );

    it(
      "the bin works from another folder, with DATA_DIR relative to the project, on the shell's own node",
      async () => {
        const relative = path.relative(process.cwd(), dataDir);
        // The shell's `node`: PATH without npm's node_modules/.bin (older than 24 on machines like this one).
        const PATH = (process.env.PATH ?? '')
          .split(path.delimiter)
          .filter((p) => !p.includes('node_modules'))
          .join(path.delimiter);
        const list = await runRatio(['users', 'list'], { env: { ...env, DATA_DIR: relative, PATH }, cwd: os.tmpdir(), node: 'node' });
        expect(list.stderr).toBe('');
        expect(list.stdout).toContain('operator@example.com');
      },
      SLOW,
    );

    it(
      'several clients at once each get only their own answers, and their own transaction',
      async () => {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-gate-'));
        const owned = await ownEmbedded(dir);
        const pools = [0, 1, 2].map(() => new pg.Pool({ host: owned.host, port: owned.port, user: 'postgres', database: 'postgres', max: 3 }));
        try {
          await pools[0]!.query('CREATE TABLE t (n int)');
          const seen: string[] = [];
          await Promise.all(
            pools.flatMap((pool, p) =>
              [0, 1, 2].map(async (c) => {
                for (let i = 0; i < 30; i++) {
                  const n = p * 10_000 + c * 100 + i;
                  if (i % 3) {
                    const { rows } = await pool.query('SELECT $1::int AS n, $2::text AS s', [n, `v${n}`]);
                    seen.push(`${rows[0].n}/${rows[0].s}` === `${n}/v${n}` ? 'ok' : `asked ${n}, got ${rows[0].n}`);
                    continue;
                  }
                  const client = await pool.connect();
                  try {
                    await client.query('BEGIN');
                    await client.query('INSERT INTO t VALUES ($1)', [n]);
                    const { rows } = await client.query('SELECT count(*)::int AS k FROM t');
                    seen.push(rows[0].k === 1 ? 'ok' : `transaction of ${n} saw ${rows[0].k} rows`);
                    await client.query('ROLLBACK');
                  } finally {
                    client.release();
                  }
                }
              }),
            ),
          );
          expect(seen.filter((s) => s !== 'ok')).toEqual([]);
          expect(seen).toHaveLength(270);
          expect((await pools[1]!.query('SELECT count(*)::int AS k FROM t')).rows[0].k).toBe(0);
        } finally {
          await Promise.all(pools.map((p) => p.end()));
          await owned.close();
          await fs.rm(dir, { recursive: true, force: true });
        }
      },
      SLOW,
    );
  });
}
