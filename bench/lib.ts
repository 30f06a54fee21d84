import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../api/env.ts';
import { createLogger } from '../api/logger.ts';
import { createRateLimits } from '../api/middleware/rate-limit.ts';
import { startServer, type TRunningServer } from '../api/server.ts';

export interface TLoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Loads a URL from a second process (autocannon's CLI), so the load generator does not share the
 * server's event loop. Returns latency percentiles in ms.
 */
export function loadFromSecondProcess(url: string, opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): TLoadResult {
  const args = ['node_modules/autocannon/autocannon.js', '-j', '-c', String(opts.connections ?? 50), '-d', String(opts.seconds ?? 8)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  const out = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`autocannon failed: ${out.stderr}`);
  const json = JSON.parse(out.stdout) as {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return { requests: json.requests.total, rps: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, errors: json.errors, non2xx: json.non2xx };
}

/** Ratio on a temporary data folder (PGlite on disk, as `npm start` runs it) on a random port. */
export async function startBenchServer(): Promise<{ server: TRunningServer; url: string; cleanup(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-bench-'));
  const env = parseEnv({ NODE_ENV: 'development', SESSION_SECRET: 'b'.repeat(40), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const server = await startServer(env, { siteDir: path.resolve('dist'), deps: { log: createLogger('silent'), limits: createRateLimits(1e6) } });
  return {
    server,
    url: server.url.replace('localhost', '127.0.0.1'),
    async cleanup() {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
