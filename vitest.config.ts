import { defineConfig } from 'vitest/config';

/**
 * One runner for every test. Projects: unit (pure code), api on PGlite, api on PostgreSQL and
 * scale (when scripts/test.ts finds a server: RATIO_TEST_POSTGRES=1), and e2e in Chromium.
 */
const withPostgres = process.env.RATIO_TEST_POSTGRES === '1';
const apiTests = ['tests/api/**/*.test.ts', 'tests/cli/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['core/**/*.test.ts', 'site/src/**/*.test.ts', 'api/**/*.test.ts', 'db/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'analysis', include: ['tests/analysis/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'api-pglite', include: apiTests, env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      ...(withPostgres
        ? [
          { test: { name: 'api-postgres', include: apiTests, env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 60_000 } },
          // Several API processes on one PostgreSQL, photos in a local S3 server, limits in Redis (issue #13).
          { test: { name: 'scale', include: ['tests/scale/**/*.test.ts'], env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 120_000 } },
        ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
        },
      },
    ],
  },
});
