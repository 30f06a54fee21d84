import { EventEmitter, once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { acquireLock } from './lock.ts';

/** Where the embedded database is served: a pg connection's host (socket directory) and port. */
export interface TServedAt {
  host: string;
  port: number;
}

/**
 * The owner's side of the cache notifications its thread hears (worker.ts): emits ('notify',
 * payload). The thread counts what it posts in shared memory before the writer gets its answer, so
 * `sync()` knows at once whether any is still on its way, and then waits for it.
 */
export class OwnerNotifications extends EventEmitter {
  readonly posted = new Int32Array(new SharedArrayBuffer(4));
  private heard = 0;

  constructor() {
    super();
    this.setMaxListeners(0); // every request waiting in sync() listens once
  }

  receive(payload: string): void {
    this.heard++;
    this.emit('notify', payload);
    this.emit('heard');
  }

  /**
   * Resolves once every notification counted before the call has been heard; at the earliest on the
   * event loop's next turn, as PostgreSQL's shared round trip answers (pg-bus.ts), so the requests
   * read in one turn are answered together. Answered as each request was read, a signed-in answer
   * cost up to a third more CPU under load, most of it in the socket write (docs/choices.md 33).
   */
  async sync(): Promise<void> {
    const target = Atomics.load(this.posted, 0);
    await nextTurn();
    while (this.heard < target) await once(this, 'heard');
  }
}

/** Longest unix socket path the kernel takes (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

/** Directories this process began to own before the server asked (ownEmbeddedEarly). */
const early = new Map<string, ReturnType<typeof ownEmbedded>>();

/**
 * Starts owning `dataDir` now, in the background: `npm start` calls it before it loads the server's
 * code, so PGlite's thread opens the database while the main thread loads the rest (docs/choices.md 46:
 * first byte). The server's openDb({ owner: true }) on the same directory then takes it
 * (takeEarlyOwner), with any error it met.
 */
export function ownEmbeddedEarly(dataDir: string): void {
  const dir = path.resolve(dataDir);
  if (early.has(dir)) return;
  const owning = ownEmbedded(dir);
  owning.catch(() => undefined); // reported when taken
  early.set(dir, owning);
}

/** The owner ownEmbeddedEarly began for `dataDir` (once), or undefined. */
export function takeEarlyOwner(dataDir: string): ReturnType<typeof ownEmbedded> | undefined {
  const dir = path.resolve(dataDir);
  const owning = early.get(dir);
  early.delete(dir);
  return owning;
}

/**
 * Makes this process the owner of the PGlite data directory: takes its lock (DataDirBusyError if
 * a live process holds it), opens PGlite in a worker thread and serves it on
 * `<dataDir>/.s.PGSQL.5432` (a loopback port if that path is too long), recorded in the lock file
 * for other processes. `notifications` hears every NOTIFY on CACHE_CHANNEL that any client commits. `close()` stops serving, closes PGlite and releases the lock.
 */
export async function ownEmbedded(dataDir: string): Promise<TServedAt & { notifications: OwnerNotifications; close(): Promise<void> }> {
  const lock = acquireLock(dataDir);
  // PGlite writes its files readable by all (0666, its file system's own modes, whatever the
  // umask); the folder they are in, and DATA_DIR above it, are owner-only, so no one else reaches them.
  fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.join(dataDir, 'pglite'), 0o700);
  const socketPath = path.join(dataDir, '.s.PGSQL.5432');
  let worker: Worker | undefined;
  let served: TServedAt;
  const notifications = new OwnerNotifications();
  try {
    const thread = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: { dir: path.join(dataDir, 'pglite'), socketPath: socketPath.length <= MAX_SOCKET_PATH ? socketPath : null, posted: notifications.posted },
      // The thread's JavaScript only passes messages between sockets and PGlite: a small young
      // generation (V8's default grows to 48 MB) keeps its heap near what it holds (docs/choices.md 46).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    worker = thread;
    served = await new Promise<TServedAt>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the embedded database stopped while opening (exit ${code})`));
      thread.once('error', reject);
      thread.once('exit', onExit);
      thread.once('message', (m: { ready?: true; host?: string; port?: number; error?: string }) => {
        // Only these listeners go: removeAllListeners() would also drop the Worker's own hooks that
        // start its message port, and later messages would wait until the thread exits.
        thread.off('error', reject);
        thread.off('exit', onExit);
        if (m.ready) resolve({ host: m.host!, port: m.port! });
        else reject(new Error(`the embedded database in ${dataDir} could not be opened: ${m.error}`));
      });
    });
    thread.on('message', (m: { notify?: string }) => {
      if (m.notify !== undefined) notifications.receive(m.notify);
    });
    lock.update(served);
  } catch (err) {
    await worker?.terminate();
    lock.release();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    ...served,
    notifications,
    close() {
      closing ??= (async () => {
        const thread = worker!;
        const exited = new Promise((resolve) => thread.once('exit', resolve));
        thread.postMessage('close');
        await exited;
        lock.release();
      })();
      return closing;
    },
  };
}
