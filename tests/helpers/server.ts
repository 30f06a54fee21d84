import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app.ts';
import type { TDeps } from '../../api/deps.ts';
import { parseEnv } from '../../api/env.ts';
import { READ_MS } from './bounds.ts';
import { listen } from '../../api/listen.ts';
import { createLogger } from '../../api/logger.ts';
import { createRateLimits } from '../../api/services/limits/rate-limits.ts';
import { createDeps } from '../../api/server.ts';
import { createBilling } from '../../api/services/billing/create-billing.ts';
import type { StripeEmulator } from './stripe/emulator.ts';
import type { Mailer, TMail } from '../../api/services/mail/mailer.ts';
import { viewerSizesSettled } from '../../api/services/images/viewer-size.ts';
import { passwordResetsSettled } from '../../api/services/accounts/request-password-reset.ts';
import { createMigratedTestDb, type TTestDb } from './db.ts';
import { TestClient } from './http.ts';

/** A mailer that keeps what it sends, for tests that read the email. */
export interface TMemoryMailer extends Mailer {
  sent: TMail[];
}

export function memoryMailer(): TMemoryMailer {
  const sent: TMail[] = [];
  return {
    isOutbox: false,
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

export interface TTestServer {
  url: string;
  deps: TDeps;
  testDb: TTestDb;
  /** This server's data folder (images, outbox). */
  dataDir: string;
  mailer: TMemoryMailer;
  /** Moves the server's clock (ms); all time-based rules read it. */
  advance(ms: number): void;
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * The real Koa app on a fresh test database (PGlite or PostgreSQL per TEST_DB), on a random
 * loopback port, with an in-memory mailer and a movable clock; with `siteDir`, the site too. Billing
 * is local (test mode), or Stripe against the given emulator (no network retries, so an outage
 * shows at once), which then shares the server's clock and sends its webhooks to it.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    deps?: Partial<TDeps>;
    rateLimitScale?: number;
    siteDir?: string;
    stripe?: StripeEmulator;
  } = {},
): Promise<TTestServer> {
  const testDb = await createMigratedTestDb();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-api-'));
  // A photo's read is bounded by READ_MS, not the product's 15 s: on a busy 2-core CI machine one read took longer.
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    ANALYSIS_TIMEOUT_SECONDS: String(READ_MS / 1000),
    ...options.stripe?.env,
    ...options.env,
  });
  let offset = 0;
  const mailer = memoryMailer();
  const log = createLogger('silent');
  const clock = () => new Date(Date.now() + offset);
  const deps = await createDeps(env, {
    db: testDb.db,
    log,
    mailer,
    limits: createRateLimits(options.rateLimitScale ?? 1),
    clock,
    billing: createBilling(env, { db: testDb.db, clock, log }, { maxNetworkRetries: 0 }),
    ...options.deps,
  });
  const app = await createApp(deps, { siteDir: options.siteDir });
  const server = await listen(app, 0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  options.stripe?.attach({ appUrl: url, clock });
  return {
    url,
    deps,
    testDb,
    dataDir,
    mailer,
    advance(ms) {
      offset += ms;
    },
    client: () => new TestClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Viewer sizes still being written after their answers, before their folder is removed.
      await viewerSizesSettled();
      await passwordResetsSettled();
      await deps.analyzer.close();
      await deps.sessionCache?.close();
      await testDb.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Registers a fresh user through the API; returns the signed-in client and the user. */
export async function registerUser(srv: TTestServer, overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  counter += 1;
  const input = { email: `collector${counter}-${Date.now()}@example.com`, password: 'hunter22', firstName: 'Casey', lastName: 'Collector', ...overrides };
  const client = srv.client();
  const res = await client.post<{ id: number; email: string }>('/api/register', input);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, user: res.body, input };
}

/** Registers a fresh user who has started the 7-day PRO trial (slots 1–1000). */
export async function registerTrialUser(srv: TTestServer) {
  const u = await registerUser(srv);
  const res = await u.client.post('/api/start-free-trial');
  if (res.status !== 200) throw new Error(`trial start failed: ${res.status} ${res.text}`);
  return u;
}

/**
 * The token of the last reset link mailed to an address (throws when none was sent), once the
 * reset requests answered so far have done their work (they run after the answer).
 */
export async function resetTokenFor(srv: TTestServer, email: string): Promise<string> {
  await passwordResetsSettled();
  const mail = srv.mailer.sent.filter((m) => m.to === email).at(-1);
  const match = mail?.text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}
