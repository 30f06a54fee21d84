import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeServerAddress } from './server-address.ts';
import type { Server } from 'node:http';
import { migrateLatest, openDb, type TOpenDb } from '../db/connection.ts';
import { createApp } from './app.ts';
import { listen } from './listen.ts';
import type { TDeps } from './deps.ts';
import { publicUrl, type TEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { createSharedRateLimits } from './services/limits/shared-rate-limits.ts';
import { createMailer } from './services/mail/mailer.ts';
import { createImageStore } from './services/images/create-image-store.ts';
import { sweepImages } from './services/images/sweep-images.ts';
import { createAnalyzer } from './services/analysis/index.ts';
import { createSessionCache } from './services/sessions/session-cache.ts';
import { createCacheBus } from './services/bus/create-cache-bus.ts';
import { createBilling } from './services/billing/create-billing.ts';
import { createPrices } from './services/prices/create-prices.ts';
import { viewerSizesSettled } from './services/images/viewer-size.ts';
import { createGalleryCache } from './services/cards/gallery-cache.ts';
import { createSharedWallCache } from './services/share/load-shared-wall.ts';
import { presentWallSlot } from './presenters/card.ts';
import { presentSharedWall } from './presenters/share.ts';
import { createIntake } from './services/intake/create-intake.ts';
import { passwordResetsSettled } from './services/accounts/request-password-reset.ts';

/** Builds the dependencies from settings: database (migrated), mailer, limits, logger, clock. */
export async function createDeps(env: TEnv, overrides: Partial<TDeps> = {}): Promise<TDeps> {
  const log = overrides.log ?? createLogger(env.LOG_LEVEL);
  const given = overrides.db;
  const opened: TOpenDb = given
    ? { db: given, close: () => given.destroy() }
    : await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, owner: true });
  const db = opened.db;
  const applied = await migrateLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const clock = overrides.clock ?? (() => new Date());
  const images = overrides.images ?? createImageStore(env);
  const analyzer =
    overrides.analyzer
    ?? createAnalyzer({
      geminiApiKey: env.GEMINI_API_KEY,
      geminiModel: env.GEMINI_MODEL,
      geminiBaseUrl: env.GEMINI_BASE_URL,
      timeoutMs: env.ANALYSIS_TIMEOUT_SECONDS === undefined ? undefined : env.ANALYSIS_TIMEOUT_SECONDS * 1000,
      psaToken: env.PSA_API_TOKEN,
      psaBaseUrl: env.PSA_API_BASE_URL,
      // The offline reader's process (about 150 MB) starts on the first photo, which waits about a
      // second for its models, and stops after two minutes without one (analysis-process.ts).
      warmOcr: false,
    });
  return {
    env,
    db,
    log,
    // Right across processes: the database announces every change to a user or session (bus/).
    sessionCache: 'sessionCache' in overrides ? overrides.sessionCache : createSessionCache(db, await createCacheBus(db, log, opened.notifications)),
    mailer: overrides.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, 'outbox'), log }),
    limits: overrides.limits ?? (await createSharedRateLimits(env, db, log)),
    images,
    analyzer,
    intake: overrides.intake ?? createIntake(env, { db, images, analyzer, clock, log }),
    billing: overrides.billing ?? createBilling(env, { db, clock, log }),
    prices: overrides.prices ?? createPrices(env, { db, clock }),
    galleryCache: overrides.galleryCache ?? createGalleryCache(presentWallSlot),
    sharedWalls: overrides.sharedWalls ?? createSharedWallCache(presentSharedWall),
    clock,
    closeDb: overrides.closeDb ?? opened.close,
  };
}

export interface TRunningServer {
  server: Server;
  deps: TDeps;
  url: string;
  close(): Promise<void>;
}

/** Removes `<DATA_DIR>/ratio.pid` on a clean stop, if it still names this process (docs/choices.md 43). */
export async function removePidFile(file: string): Promise<void> {
  const named = await fs.readFile(file, 'utf8').catch(() => '');
  if (named.trim() === String(process.pid)) await fs.rm(file, { force: true });
}

/**
 * Starts Ratio: site and API on one port. Writes `<DATA_DIR>/ratio.pid` so scripts can stop this
 * process by its own PID (unless `pidFile: false`: a worker of `ratio serve --workers`, whose
 * primary writes it). `sweep: false` skips the start-up sweep of orphaned images (all workers but one).
 */
export async function startServer(
  env: TEnv,
  options: { siteDir?: string; deps?: Partial<TDeps>; pidFile?: boolean; sweep?: boolean } = {},
): Promise<TRunningServer> {
  const deps = await createDeps(env, options.deps);
  deps.lifecycle = { draining: false };
  const siteDir = options.siteDir ?? fileURLToPath(new URL('../dist', import.meta.url));
  const app = await createApp(deps, { siteDir });
  await fs.mkdir(env.DATA_DIR, { recursive: true, mode: 0o700 });
  // Owner-only even when it was made earlier by hand or by an older build (best effort: it may not be ours).
  await fs.chmod(env.DATA_DIR, 0o700).catch(() => undefined);
  const pidFile = path.join(env.DATA_DIR, 'ratio.pid');
  // Written before the port opens: whoever sees the server answer finds its PID.
  if (options.pidFile !== false) await fs.writeFile(pidFile, String(process.pid), { mode: 0o600 });
  const server = await listen(app, env.PORT, env.HOST).catch(async (err: unknown) => {
    if (options.pidFile !== false) await removePidFile(pidFile);
    throw err;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  if (options.pidFile !== false) writeServerAddress(env.DATA_DIR, env.PUBLIC_URL ? publicUrl(env) : url);
  const billing = deps.billing.provider.billing;
  deps.log.info(
    {
      url,
      database: env.DATABASE_URL ? 'postgresql' : 'pglite',
      mail: deps.mailer.isOutbox ? 'outbox' : 'smtp',
      images: env.S3_BUCKET ? `s3 (${env.S3_BUCKET})` : 'local',
      limits: env.REDIS_URL ? 'redis' : env.DATABASE_URL ? 'postgresql' : 'memory',
      billing: billing.provider === 'local' ? 'local (TEST MODE: nobody is charged)' : `stripe (${billing.mode})`,
    },
    'Ratio is serving',
  );
  if (env.ADMIN_EMAILS?.trim()) {
    deps.log.warn(
      'ADMIN_EMAILS is set but no longer read: nobody is made admin by it. Make an admin with `ratio users admin <email>` (README "Admin dashboard").',
    );
  }
  // Leftovers of an earlier run killed mid-upload go now, in the background (`ratio images sweep`
  // does the same on demand). Folders younger than the grace period are left to uploads in flight.
  const sweep =
    options.sweep === false
      ? Promise.resolve()
      : sweepImages({ db: deps.db, images: deps.images, now: deps.clock(), apply: true })
          .then((r) => {
            if (r.orphans.length)
              deps.log.info({ removed: r.orphans.length, bytes: r.orphans.reduce((n, o) => n + o.bytes, 0) }, 'orphaned image folders removed');
          })
          .catch((err: unknown) => deps.log.warn({ err }, 'image sweep failed'));
  let closing: Promise<void> | undefined;
  return {
    server,
    deps,
    url,
    /**
     * Graceful shutdown: stops accepting connections, lets requests in flight finish (each
     * connection closes after its response; health answers 503 meanwhile), and after
     * SHUTDOWN_TIMEOUT_SECONDS cuts whatever is left; then closes the analyzer, caches, limits
     * and the database.
     */
    close() {
      closing ??= (async () => {
        deps.lifecycle!.draining = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        const cut = setTimeout(() => {
          deps.log.warn('shutdown: requests still running after the timeout were cut');
          server.closeAllConnections();
        }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
        await closed;
        clearInterval(idle);
        clearTimeout(cut);
        await sweep;
        // A viewer size written after its upload's answer lands before the process lets go of its store.
        await viewerSizesSettled();
        await passwordResetsSettled();
        await deps.analyzer.close();
        await deps.sessionCache?.close();
        await deps.limits.close?.();
        await deps.closeDb();
        if (options.pidFile !== false) await removePidFile(pidFile);
      })();
      return closing;
    },
  };
}
