/** `npm run bench -- <name>`: runs bench/<name>.ts (or lists them). Benches print figures; none is a test. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const names = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'lib.ts'].includes(f))
  .map((f) => f.slice(0, -3));
const wanted = process.argv.slice(2);
if (!wanted.length) {
  console.log(`benches: ${names.join(', ')}\nusage: npm run bench -- <name> [...]`);
  process.exit(0);
}
for (const name of wanted) {
  if (!names.includes(name)) {
    console.error(`unknown bench ${name}`);
    process.exit(1);
  }
  const r = spawnSync(process.execPath, [`bench/${name}.ts`], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
