import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acquireLock } from './lock.ts';

/** Where the embedded database is served: a pg connection's host (socket directory) and port. */
export interface TServedAt {
  host: string;
  port: number;
}

/** Longest unix socket path the kernel takes (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Makes this process the owner of the PGlite data directory: takes its lock (DataDirBusyError if
 * a live process holds it), opens PGlite in a worker thread and serves it on
 * `<dataDir>/.s.PGSQL.5432` (a loopback port if that path is too long), recorded in the lock file
 * for other processes. `close()` stops serving, closes PGlite and releases the lock.
 */
export async function ownEmbedded(dataDir: string): Promise<TServedAt & { close(): Promise<void> }> {
  const lock = acquireLock(dataDir);
  const socketPath = path.join(dataDir, '.s.PGSQL.5432');
  let worker: Worker | undefined;
  let served: TServedAt;
  try {
    const thread = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: { dir: path.join(dataDir, 'pglite'), socketPath: socketPath.length <= MAX_SOCKET_PATH ? socketPath : null },
    });
    worker = thread;
    served = await new Promise<TServedAt>((resolve, reject) => {
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`the embedded database stopped while opening (exit ${code})`)));
      thread.once('message', (m: { ready?: true; host?: string; port?: number; error?: string }) => {
        if (m.ready) resolve({ host: m.host!, port: m.port! });
        else reject(new Error(`the embedded database in ${dataDir} could not be opened: ${m.error}`));
      });
    });
    thread.removeAllListeners();
    lock.update(served);
  } catch (err) {
    await worker?.terminate();
    lock.release();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    ...served,
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
