#!/usr/bin/env node
// The `ratio` executable. Works from any directory and with any `node` on the PATH: Ratio needs
// Node 24 (its TypeScript sources run natively), so an older Node re-runs this file on the
// project's own Node 24 (the `node` devDependency). DATA_DIR, unset or relative, means the
// project's data folder, as `npm start` sees it, never one under the current directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.env.DATA_DIR = path.resolve(root, process.env.DATA_DIR || 'data');

if (Number(process.versions.node.split('.')[0]) < 24) {
  const node24 = path.join(root, 'node_modules', 'node', 'bin', 'node');
  if (!fs.existsSync(node24)) {
    console.error(`ratio: needs Node 24 (this is ${process.version}); run \`npm install\` in ${root} to get it.`);
    process.exit(1);
  }
  const child = spawn(node24, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  // A signal sent to this PID (a service manager stopping `ratio serve`) reaches the real process.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    console.error(`ratio: could not start ${node24}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await import('./index.ts');
}
