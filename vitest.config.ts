import { defineConfig } from 'vitest/config';

/**
 * One runner for every test. Projects: unit (pure code), api on PGlite, api on PostgreSQL and
 * scale (when scripts/test.ts finds a server: RATIO_TEST_POSTGRES=1), and e2e in Chromium.
 *
 * Two groups, one after the other. First, two files at a time: a browser test mostly waits on
 * Chromium and an API test on its database, so two share the machine's cores well. Then the files
 * that time the server's event loop or CPU, one at a time with nothing beside them, so that what
 * they measure is the code's and not the neighbour's.
 *
 * API, scale and browser test files share one process per worker instead of a fresh one each:
 * each file starts its own server, database and browser and closes them, so nothing they hold
 * outlives the file, and the app's modules load once instead of once per file (~1.5 s each).
 * Unit tests keep their isolation: the site's stores are module state.
 */
const withPostgres = process.env.RATIO_TEST_POSTGRES === '1';
const apiTests = ['tests/api/**/*.test.ts', 'tests/cli/**/*.test.ts'];
const timedTests = ['tests/api/abuse/abuse.test.ts', 'tests/api/analyze.test.ts', 'tests/api/hardening-input.test.ts', 'tests/api/hardening-images.test.ts'];
// expect.poll waits for what a page or server does next: 1 s (Vitest's default) was too short on a
// loaded 2-core machine (a card's actions fading in took longer); a broken feature still fails, later.
const eventually = { expect: { poll: { timeout: 15_000 } } };
const together = { maxWorkers: 2, sequence: { groupOrder: 0 }, ...eventually };
const alone = { maxWorkers: 1, sequence: { groupOrder: 1 }, ...eventually };
// Hooks make databases and start servers: a new PGlite folder took over 60 s at load 30.
const apiLimits = { testTimeout: 30_000, hookTimeout: 240_000 };

/** The API tests on one database: most of them together with the rest, the timed ones alone. */
const apiProjects = (db: 'pglite' | 'postgres') => [
  { test: { ...together, isolate: false, name: `api-${db}`, include: apiTests, exclude: timedTests, env: { TEST_DB: db }, ...apiLimits } },
  // --expose-gc: a stall meter made with collectFirst (tests/helpers/loop-stall.ts) collects the heap before each window.
  { test: { ...alone, name: `api-${db}-timed`, include: timedTests, env: { TEST_DB: db }, execArgv: ['--expose-gc'], ...apiLimits } },
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...together,
          name: 'unit',
          include: ['core/**/*.test.ts', 'site/src/**/*.test.ts', 'site/build/**/*.test.ts', 'api/**/*.test.ts', 'db/**/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { ...together, name: 'analysis', include: ['tests/analysis/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      ...apiProjects('pglite'),
      ...(withPostgres
        ? [
            ...apiProjects('postgres'),
            // Several API processes on one PostgreSQL, photos in a local S3 server, limits in Redis (docs/choices.md 33).
            {
              test: {
                ...together,
                isolate: false,
                name: 'scale',
                include: ['tests/scale/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          ...together,
          isolate: false,
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
