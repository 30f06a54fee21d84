// How `ratio` starts its process: which Node and V8 flags a command wants, and the relaunch that
// gets them. Plain JavaScript: cli/bin.js loads it on any Node (types in relaunch.d.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * V8 flags for a command (its first word). A one-off command runs the embedded database's
 * WebAssembly on V8's baseline tier only: the optimising tier compiles PGlite in the background
 * for seconds, and a process waits for that compile before it can exit (half of a 4 s `ratio
 * users list`). `serve` keeps the optimising tier (a server runs long enough to gain from it), as
 * do help and version, which open no database.
 * @param {string | undefined} command
 * @returns {string[]}
 */
export function engineFlags(command) {
  if (command === undefined || command === 'serve' || command === 'help') return [];
  // No PGlite in this process (PostgreSQL, or the running server's socket): no WebAssembly to
  // compile, and no second Node process started just to pass the flag.
  return runsPgliteHere(process.env) ? ['--liftoff-only'] : [];
}

/**
 * Whether a command would open the embedded database in this process: not with DATABASE_URL, and
 * not while a live process (the server) owns the data directory and serves it on its socket
 * (db/embedded/lock.ts writes `<DATA_DIR>/pglite.lock`: { pid, host, port }).
 * @param {Record<string, string | undefined>} env
 */
export function runsPgliteHere(env) {
  if (env.DATABASE_URL) return false;
  try {
    const holder = JSON.parse(fs.readFileSync(path.join(path.resolve(env.DATA_DIR || 'data'), 'pglite.lock'), 'utf8'));
    if (!holder.host) return true;
    process.kill(holder.pid, 0);
    return false;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code !== 'EPERM';
  }
}

/**
 * The server's malloc settings (docs/choices.md 46): two arenas for its threads (the embedded database's,
 * libuv's, libvips') instead of up to eight a core, its peak under the startup bench's load about
 * 100 MB lower. glibc reads MALLOC_ARENA_MAX only as a process starts, so `serve` (and `npm
 * start`, before it opens anything) executes itself once more with it: process.execve replaces the
 * process, same PID, no second Node. An operator's own MALLOC_ARENA_MAX is kept; elsewhere than
 * Linux, or on a Node without execve, nothing happens.
 * @param {string | undefined} command
 */
export function execWithServerMalloc(command) {
  if (command !== 'serve' || process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX !== undefined) return;
  if (typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_ARENA_MAX: '2' });
}

/** The command's first word in argv (after node and the script), if any. */
export function commandOf(/** @type {string[]} */ argv) {
  return argv.slice(2).find((arg) => !arg.startsWith('-'));
}

/**
 * Starts `node` with `nodeArgs`, then the script and arguments this process was started with,
 * sharing its terminal; a signal sent to this process (Ctrl-C, a service manager's SIGTERM) is
 * passed on. Never settles: this process exits as the child does.
 * @param {string} node
 * @param {string[]} nodeArgs
 * @returns {Promise<never>}
 */
export function relaunch(node, nodeArgs) {
  const child = spawn(node, [...nodeArgs, process.argv[1] ?? '', ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    console.error(`ratio: could not start ${node}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}
