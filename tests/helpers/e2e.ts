import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { parseEnv } from '../../api/env.ts';
import { createLogger } from '../../api/logger.ts';
import { createRateLimits } from '../../api/services/limits/rate-limits.ts';
import { startServer, type TRunningServer } from '../../api/server.ts';
import { createMigratedTestDb } from './db.ts';
import { READ_MS } from './bounds.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TE2E {
  url: string;
  server: TRunningServer;
  browser: Browser;
  /** Where the app writes emails (.eml) in this run. */
  outboxDir: string;
  /** A fresh browser context (own cookies and storage) and page. */
  newPage(options?: { width?: number; height?: number; theme?: 'dark' | 'light' }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The built app (dist/) on a random port with a fresh in-memory database and its own data folder,
 * plus headless Chromium. One per test file. `env`: more settings (e.g. PSA_API_TOKEN for a PSA emulator).
 */
export async function startE2E(options: { env?: Record<string, string> } = {}): Promise<TE2E> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-e2e-'));
  // A known port, so PUBLIC_URL (the links local billing's checkout and portal hand out) is right.
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // A read may take minutes on a loaded CI machine; the tests bound it themselves (bounds.ts).
    ANALYSIS_TIMEOUT_SECONDS: String(READ_MS / 1000),
    ...options.env,
  });
  const server = await startServer(env, {
    siteDir: path.resolve('dist'),
    deps: { db: (await createMigratedTestDb('pglite')).db, log: createLogger('silent'), limits: createRateLimits(50) },
  });
  const url = server.url.replace('localhost', '127.0.0.1');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    url,
    server,
    browser,
    outboxDir: path.join(dataDir, 'outbox'),
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: url,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      });
      // The theme's cookie, which the server writes into every page (core/theme.ts).
      if (options.theme) await context.addCookies([{ name: 'ratio-theme', value: options.theme, url }]);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Waits until every React island on the page has hydrated, and /gallery's wall (site/src/components/gallery/mount.tsx). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0 && !document.querySelector('#wall-root:not([data-live])'));
}

/** The newest email in the outbox addressed to `to`, as raw text (waits up to 5 s). */
export async function latestEmail(outboxDir: string, to: string): Promise<string> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const text = await fs.readFile(path.join(outboxDir, file), 'utf8');
      if (text.includes(`To: ${to}`)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no email to ${to} in ${outboxDir}`);
}
