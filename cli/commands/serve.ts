import cluster from 'node:cluster';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { publicUrl, type TEnv } from '../../api/env.ts';
import { writeServerAddress } from '../../api/server-address.ts';
import { removePidFile, startServer } from '../../api/server.ts';
import { migrateLatest, openDb } from '../../db/connection.ts';
import { handleError } from '../handle-error.ts';
import { loadEnv } from '../load-env.ts';

const ZServeOptions = z.object({
  port: z.coerce.number().int().min(0).max(65535).optional(),
  workers: z.coerce
    .number('--workers must be a number')
    .int('--workers must be a whole number')
    .min(1, '--workers must be at least 1')
    .max(64, '--workers must be at most 64')
    .default(1),
});

/** Serves site and API until SIGINT/SIGTERM, then finishes the requests in flight and closes. */
export async function runServe(options: { port?: number | undefined; workers?: number }): Promise<void> {
  const env = loadEnv(options.port !== undefined ? { PORT: String(options.port) } : {});
  const workers = options.workers ?? 1;
  if (cluster.isWorker) return serveOne(env, { pidFile: false, sweep: cluster.worker?.id === 1 });
  if (workers === 1) return serveOne(env, {});
  if (!env.DATABASE_URL) {
    throw new Error(
      '--workers needs DATABASE_URL (PostgreSQL): the embedded database has a single owner process. Run one process, or see README "Running at scale".',
    );
  }
  return servePrimary(env, workers);
}

async function serveOne(env: TEnv, options: { pidFile?: boolean; sweep?: boolean }): Promise<void> {
  const running = await startServer(env, options);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * `--workers N`: this process migrates the database once, then forks N workers that share the
 * port (node:cluster hands connections round-robin) and restarts any that dies. SIGTERM/SIGINT
 * reach every worker, which drain gracefully; this process exits when all have.
 */
async function servePrimary(env: TEnv, workers: number): Promise<void> {
  const { db, close } = await openDb({ databaseUrl: env.DATABASE_URL });
  try {
    await migrateLatest(db);
  } finally {
    await close();
  }
  let stopping = false;
  const pidFile = path.join(env.DATA_DIR, 'ratio.pid');
  const done = () => void removePidFile(pidFile).finally(() => process.exit(0));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) done();
      return;
    }
    console.error(`ratio serve: worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  // Written before any worker opens the port: whoever sees the server answer finds its PID.
  await fs.mkdir(env.DATA_DIR, { recursive: true, mode: 0o700 });
  await fs.writeFile(pidFile, String(process.pid), { mode: 0o600 });
  for (let i = 0; i < workers; i++) cluster.fork();
  writeServerAddress(env.DATA_DIR, publicUrl(env));
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (!Object.keys(cluster.workers ?? {}).length) done();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the site and the API on one port (build the site first: npm run build)')
    .option('-p, --port <port>', 'port (default PORT or 3000)')
    .option('-w, --workers <n>', 'API processes sharing the port (needs DATABASE_URL)', '1')
    .action(async (raw: unknown) => {
      await Promise.resolve()
        .then(() => runServe(ZServeOptions.parse(raw)))
        .catch(handleError);
    });
}
