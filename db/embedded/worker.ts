/**
 * The embedded database's thread: opens PGlite on a data directory and serves it over PostgreSQL's
 * wire protocol (pglite-socket's handler, one session at a time through SessionGate) on a unix
 * socket, or on a loopback port when the socket path would be too long. Started by owner.ts.
 * workerData: { dir, socketPath } (socketPath null: loopback). Posts { ready, host, port } or
 * { error }; on 'close' it stops serving, closes PGlite (flushing it to disk) and exits. Every
 * notification on CACHE_CHANNEL (the cache triggers' "user N changed", whichever client committed
 * it) is counted in `posted` (shared memory) and posted as { notify: payload } before that client
 * gets its answer.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { SessionGate } from './session-gate.ts';
import { CACHE_CHANNEL } from '../cache-channel.ts';

/**
 * PGlite's memory, sized for a single collector to a small club (thousands of cards, a few people
 * at once) rather than PostgreSQL's defaults: shared_buffers (the page cache, which a busy process
 * fills in full) is 16 MB, not 128; work_mem and temp_buffers are small. (The WebAssembly heap
 * cannot start below the 128 MB the module declares; only what is touched counts in memory.) A bigger database still works, with more reads
 * from disk; PostgreSQL (DATABASE_URL) is the choice for more (README "Running at scale").
 */
const PGLITE_MEMORY = {
  startParams: [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${process.env.RATIO_PGLITE_SHARED_BUFFERS ?? '16MB'}`,
    '-c',
    'work_mem=2MB',
    '-c',
    'temp_buffers=2MB',
    '-c',
    'maintenance_work_mem=16MB',
  ],
};

const { dir, socketPath, posted } = workerData as { dir: string; socketPath: string | null; posted: Int32Array };
const port = parentPort!;

try {
  const db = await PGlite.create(dir, PGLITE_MEMORY);
  // PGlite's one session listens; the notifications come back inside clients' answers (SessionGate).
  await db.exec(`LISTEN ${CACHE_CHANNEL}`);
  // SessionGate has the queue's three methods; the option is typed as pglite-socket's own
  // (unexported) queue class, hence the cast.
  const queryQueue = new SessionGate(db, (channel, payload) => {
    if (channel !== CACHE_CHANNEL) return;
    Atomics.add(posted, 0, 1); // counted first: the owner's sync() then knows one is on its way
    port.postMessage({ notify: payload });
  }) as unknown as PGLiteSocketHandlerOptions['queryQueue'];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    void new PGLiteSocketHandler({ queryQueue, closeOnDetach: true }).attach(socket);
  });
  if (socketPath) fs.rmSync(socketPath, { force: true }); // left by a killed owner; we hold the lock
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (socketPath) server.listen(socketPath, resolve);
    else server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  port.postMessage(
    socketPath
      ? { ready: true, host: path.dirname(socketPath), port: Number(path.basename(socketPath).split('.').pop()) }
      : { ready: true, host: '127.0.0.1', port: typeof address === 'object' && address ? address.port : 0 },
  );

  port.on('message', async (message: unknown) => {
    if (message !== 'close') return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    // Handlers roll back what a dropped client left open on the next turn; then PGlite closes.
    await new Promise((resolve) => setImmediate(resolve));
    await db.close();
    port.close(); // nothing keeps the thread alive now: it exits
  });
} catch (err) {
  port.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
