#!/usr/bin/env node
// The `ratio` executable. Works from any directory and with any `node` on the PATH: Ratio needs
// Node 24 (its TypeScript sources run natively), so an older Node re-runs this file on the
// project's own Node 24 (the `node` devDependency). DATA_DIR, unset or relative, means the
// project's data folder, as `npm start` sees it, never one under the current directory.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandOf, engineFlags, relaunch } from './relaunch.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.env.DATA_DIR = path.resolve(root, process.env.DATA_DIR || 'data');

if (Number(process.versions.node.split('.')[0]) < 24) {
  const node24 = path.join(root, 'node_modules', 'node', 'bin', 'node');
  if (!fs.existsSync(node24)) {
    console.error(`ratio: needs Node 24 (this is ${process.version}); run \`npm install\` in ${root} to get it.`);
    process.exit(1);
  }
  await relaunch(node24, engineFlags(commandOf(process.argv)));
} else {
  await import('./index.ts');
}
