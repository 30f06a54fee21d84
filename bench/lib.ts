import { spawn } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../api/env.ts';
import { createLogger } from '../api/logger.ts';
import { createRateLimits } from '../api/services/limits/rate-limits.ts';
import { startServer, type TRunningServer } from '../api/server.ts';
import { createTestDb, postgresReachable } from '../tests/helpers/db.ts';
import { freePort, RATIO_BIN } from '../tests/helpers/process.ts';

export interface TLoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Loads a URL from a second process (bench/load-worker.ts), so the load generator does not share
 * the server's event loop; spawned asynchronously, so a server in this process keeps serving.
 * Returns throughput and latency percentiles in ms. `pauseMs`: each connection waits between requests (a steady load).
 */
export async function loadFromSecondProcess(
  url: string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string>; pauseMs?: number } = {},
): Promise<TLoadResult> {
  const args = [
    'bench/load-worker.ts',
    url,
    String(opts.connections ?? 50),
    String(opts.seconds ?? 8),
    JSON.stringify(opts.headers ?? {}),
    String(opts.pauseMs ?? 0),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`load worker exited with ${code}`);
  const json = JSON.parse(out) as { requests: number; seconds: number; p50: number; p99: number; errors: number; non2xx: number };
  return { requests: json.requests, rps: json.requests / json.seconds, p50: json.p50, p99: json.p99, errors: json.errors, non2xx: json.non2xx };
}

/**
 * Ratio on a temporary data folder and a random port: on PGlite on disk (as `npm start` runs it),
 * or with `postgres: true` on a fresh database of the machine's PostgreSQL.
 */
export async function startBenchServer(
  options: { postgres?: boolean; siteDir?: string } = {},
): Promise<{ server: TRunningServer; url: string; databaseUrl: string | undefined; cleanup(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-bench-'));
  const testDb = options.postgres ? await createTestDb('postgres') : null;
  const env = parseEnv({ NODE_ENV: 'development', SESSION_SECRET: 'b'.repeat(40), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const server = await startServer(env, {
    siteDir: path.resolve(options.siteDir ?? 'dist'),
    deps: { log: createLogger('silent'), limits: createRateLimits(1e6), ...(testDb ? { db: testDb.db } : {}) },
  });
  return {
    server,
    url: server.url.replace('localhost', '127.0.0.1'),
    databaseUrl: testDb?.url,
    async cleanup() {
      await server.close();
      if (testDb) await testDb.drop().catch(() => undefined);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const childPids = (pid: number): number[] => {
  try {
    return fsSync.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** Clock ticks per second in /proc's CPU times (_SC_CLK_TCK, USER_HZ: 100 on Linux). */
const CLOCK_TICKS_PER_S = 100;

/** A process's /proc stat fields after the command's closing parenthesis (the state is [0]). */
const statFields = (pid: number | 'self'): string[] => fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/** CPU time (user and system, ms) the processes have used so far, from /proc (0 for one that has ended). */
export function cpuMsOf(pids: readonly number[]): number {
  const ticks = pids.reduce((sum, pid) => {
    try {
      const fields = statFields(pid); // utime and stime
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}

/** CPU time (ms) of this process's children that have ended and been waited for, from /proc. */
export function endedChildrenCpuMs(): number {
  const fields = statFields('self'); // cutime and cstime
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_S;
}

/** `ratio serve` as its own process; resolves once it answers, with its PID and every worker's. */
export async function serveRatio(env: Record<string, string>, workers: number) {
  const port = await freePort();
  const child = spawn(process.execPath, [RATIO_BIN, 'serve', '--workers', String(workers)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), SESSION_SECRET: 'b'.repeat(40), ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    i < 600
    && !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
  const pid = Number(await fs.readFile(path.join(env.DATA_DIR!, 'ratio.pid'), 'utf8'));
  return {
    url,
    pids: () => [pid, ...childPids(pid)],
    async stop() {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      process.kill(pid, 'SIGTERM');
      await ended;
    },
  };
}

export { postgresReachable };

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
