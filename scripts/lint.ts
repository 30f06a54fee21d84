/**
 * `npm run lint`: ESLint (typescript-eslint, React's hook rules, the layers' import boundaries:
 * eslint.config.js), oxlint for import cycles, type-only imports included (.oxlintrc.json), and
 * knip for dead files, exports and dependencies (knip.jsonc), and Prettier's check of the formatting
 * (.prettierrc.json; `npm run format` writes it). Prints each one's time; exits non-zero
 * on any finding. `npm test` runs it before the tests.
 */
import { spawn } from 'node:child_process';

const tools: Array<[string, string[]]> = [
  ['eslint', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']],
  [
    'cycles',
    ['node_modules/oxlint/bin/oxlint', '-c', '.oxlintrc.json', '--deny-warnings', '--quiet', 'api', 'core', 'db', 'site', 'cli', 'tests', 'bench', 'scripts'],
  ],
  ['knip', ['node_modules/knip/bin/knip.js', '--no-progress']],
  [
    'format',
    ['node_modules/prettier/bin/prettier.cjs', '--check', '--cache', '--cache-location', 'node_modules/.cache/prettier/.cache', '--log-level', 'warn', '.'],
  ],
];

/** Runs one tool; resolves with its exit code once it ends, having printed its time. */
function run(name: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    spawn(process.execPath, args, { stdio: 'inherit' }).on('exit', (code) => {
      console.log(`[lint] ${name} ${code === 0 ? 'clean' : 'FOUND PROBLEMS'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(tools.map(([name, args]) => run(name, args)));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
