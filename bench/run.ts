/**
 * `npm run bench -- <name> [<name> …] [--option …]`: runs bench/<name>.ts, each with the options
 * (`npm run bench -- analyze --sets sports`), or lists them. Benches print figures; none is a test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const names = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'lib.ts'].includes(f))
  .map((f) => f.slice(0, -3));
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
if (!wanted.length) {
  console.log(`benches: ${names.join(', ')}\nusage: npm run bench -- <name> [...] [--option ...]`);
  process.exit(0);
}
for (const name of wanted) {
  if (!names.includes(name)) {
    console.error(`unknown bench ${name}`);
    process.exit(1);
  }
  const r = spawnSync(process.execPath, [`bench/${name}.ts`, ...options], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
