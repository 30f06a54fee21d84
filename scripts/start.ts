/**
 * `npm start`: builds the site only when what it is built from changed since the last build, then
 * serves it in this process (`ratio serve`, with any arguments after `npm start --`).
 *
 * The site is built from site/, core/, the build's configuration and dependencies, and the
 * `astro:env` client settings (SUPPORT_EMAIL). A SHA-256 of all of them is kept in
 * dist/.build-stamp.json after each successful build; a start whose sources hash the same serves the
 * existing dist/ at once. `npm run build` always builds (and writes the stamp too, through this
 * file's --build-only). Says what it does in one line either way.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execWithServerMalloc } from '../cli/relaunch.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const STAMP = path.join(root, 'dist', '.build-stamp.json');
/** What the built site depends on: folders walked whole, and single files. */
const SOURCES = ['site', 'core', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** Settings read when the site is built (astro.config.mjs `env.schema`, context 'client'). */
const BUILD_SETTINGS = ['SUPPORT_EMAIL'];

interface TStamp {
  hash: string;
  files: Record<string, string>;
  builtAt: string;
}

function walk(rel: string, out: string[]): void {
  const abs = path.join(root, rel);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    return; // an optional file that is absent
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      walk(path.join(rel, name), out);
    }
  } else if (stat.isFile()) out.push(rel);
}

/** The hash of every source file and build setting, and each file's own hash (to name what changed). */
export function sourceStamp(env: NodeJS.ProcessEnv = process.env): Omit<TStamp, 'builtAt'> {
  const rels: string[] = [];
  for (const source of SOURCES) walk(source, rels);
  const files: Record<string, string> = {};
  const all = createHash('sha256');
  for (const rel of rels) {
    const digest = createHash('sha256')
      .update(fs.readFileSync(path.join(root, rel)))
      .digest('hex');
    files[rel] = digest;
    all.update(`${rel}\0${digest}\n`);
  }
  for (const name of BUILD_SETTINGS) {
    files[`$${name}`] = env[name] ?? '';
    all.update(`$${name}\0${env[name] ?? ''}\n`);
  }
  return { hash: all.digest('hex'), files };
}

function readStamp(): TStamp | null {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8')) as TStamp;
  } catch {
    return null;
  }
}

/** Why the site needs a build, or null when dist/ is current. */
export function buildReason(current: Omit<TStamp, 'builtAt'>, stamp: TStamp | null): string | null {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html')) && !fs.existsSync(path.join(root, 'dist', 'client', 'index.html'))) return 'no built site in dist/';
  if (!stamp) return 'dist/ has no build stamp (built by an older Ratio)';
  if (stamp.hash === current.hash) return null;
  const changed = Object.keys({ ...current.files, ...stamp.files }).filter((f) => current.files[f] !== stamp.files[f]);
  const named = changed
    .slice(0, 3)
    .map((f) => (f.startsWith('$') ? `the ${f.slice(1)} setting` : f))
    .join(', ');
  return `changed since the last build: ${named}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`;
}

function build(current: Omit<TStamp, 'builtAt'>): void {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('[start] the site build failed (above); nothing served');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(STAMP, JSON.stringify({ ...current, builtAt: new Date().toISOString() } satisfies TStamp));
  console.log(`[start] site built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const args = process.argv.slice(2);
const buildOnly = args[0] === '--build-only';
// The server's malloc settings, set now, before the embedded database's thread starts below.
if (!buildOnly) execWithServerMalloc('serve');
const current = sourceStamp();
const reason = buildOnly ? 'npm run build' : buildReason(current, readStamp());
if (reason) {
  console.log(`[start] building the site (${reason}); about 30 s to a minute`);
  build(current);
} else {
  console.log(`[start] the site in dist/ is current (built ${readStamp()?.builtAt ?? '?'}): serving it`);
}
if (!buildOnly) {
  // The embedded database (no DATABASE_URL) opens in its thread while the server's code loads
  // here; `ratio serve` takes it over (db/embedded/owner.ts ownEmbeddedEarly). Not for --workers
  // (PostgreSQL only) or --help.
  if (!process.env.DATABASE_URL && !args.some((a) => a.startsWith('--workers') || a === '--help' || a === '-h')) {
    process.umask(0o077); // as cli/index.ts: what Ratio writes is the operator's alone
    const { ownEmbeddedEarly } = await import('../db/embedded/owner.ts');
    ownEmbeddedEarly(process.env.DATA_DIR || './data');
  }
  // Serve in this process (no second Node): `ratio serve` with the arguments given to `npm start --`.
  process.argv = [process.argv[0]!, path.join(root, 'cli', 'index.ts'), 'serve', ...args];
  await import('../cli/index.ts');
}
