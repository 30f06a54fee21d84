/**
 * `npm test`: everything a clean machine needs, then every test.
 * 1. Debian's Chromium for the browser tests (installed with apt-get when missing).
 * 2. Astro's generated types (astro sync: .astro/, which a clean clone lacks), then the site build
 *    the browser tests serve and beside it the type check (tsc) and the lint (scripts/lint.ts: ESLint,
 *    import cycles, knip): a type error or a lint finding fails the run like a failing test.
 * 3. PostgreSQL: used when reachable (started with the machine's command when it is installed but
 *    down), so the API tests run on PGlite and on PostgreSQL.
 * 4. Vitest over every project; the exit code is Vitest's.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { postgresReachable } from '../tests/helpers/db.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(cmd, args, { stdio: 'inherit', env });
}

if (!fs.existsSync(CHROMIUM)) {
  console.log(`[test] ${CHROMIUM} missing: installing Debian's chromium`);
  run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

// The type check reads Astro's generated types (astro:env and the rest), so they are written first;
// then tsc runs beside the build, which needs nothing of it.
console.log('[test] building the site and checking types');
const astroEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], astroEnv);
const typecheck = new Promise<number | null>((resolve) => {
  spawn(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' }).on('exit', resolve);
});
const lint = new Promise<number | null>((resolve) => {
  spawn(process.execPath, ['scripts/lint.ts'], { stdio: 'inherit' }).on('exit', resolve);
});
run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], astroEnv);

let postgres = await postgresReachable();
if (!postgres && fs.existsSync('/etc/postgresql')) {
  console.log('[test] PostgreSQL is down: starting it');
  const versions = fs.readdirSync('/etc/postgresql');
  if (versions[0]) spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start'], { stdio: 'inherit' });
  for (let i = 0; i < 20 && !postgres; i++) {
    await new Promise((r) => setTimeout(r, 500));
    postgres = await postgresReachable();
  }
}
console.log(postgres ? '[test] API tests run on PGlite and PostgreSQL' : '[test] PostgreSQL unreachable: API tests run on PGlite only');

const typecheckStatus = await typecheck;
if (typecheckStatus !== 0) {
  console.error('[test] type check failed');
  process.exit(typecheckStatus ?? 1);
}
const lintStatus = await lint;
if (lintStatus !== 0) {
  console.error('[test] lint failed (npm run lint)');
  process.exit(lintStatus ?? 1);
}

const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, RATIO_TEST_POSTGRES: postgres ? '1' : '0', ASTRO_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
