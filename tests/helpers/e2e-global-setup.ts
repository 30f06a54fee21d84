import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { CHROMIUM } from './e2e.ts';

/**
 * Before the browser tests: the site must be built and Chromium present. scripts/test.ts does
 * both for `npm test`; this covers `npx vitest --project e2e` run on its own.
 */
export default function setup(): void {
  if (!fs.existsSync('dist/server/entry.mjs')) {
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
  }
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run npm test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  }
}
