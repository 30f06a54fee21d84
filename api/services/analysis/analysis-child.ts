/**
 * The analysis child process (docs/choices.md 28, 36): decodes photos and reads labels with
 * PaddleOCR on ONNX Runtime, so no per-pixel work ever runs on the server's event loop. Started
 * by analysis-process.ts with an IPC channel ('advanced' serialisation, so image bytes arrive as
 * Buffers); runs at low priority so the server keeps the CPU it needs. One job at a time.
 */
import { availableParallelism, setPriority } from 'node:os';
import sharp from 'sharp';
import { AppError } from '../../errors.ts';
import type { TChildReply, TChildRequest } from './analysis-process.ts';
import { createPaddleReader } from './paddle-reader.ts';
import { readPhoto } from './read-photo.ts';

/**
 * Below the server's priority so it keeps its share of the two cores, but not at the bottom:
 * at nice 19 a photo took over 15 s on this machine while other work kept both cores busy.
 */
const CHILD_NICE = 5;
try {
  setPriority(CHILD_NICE);
} catch {
  // Not allowed here: run at normal priority.
}

// libvips' operation cache (50 MB by default) only holds memory here: every photo is new (docs/choices.md 46).
sharp.cache(false);

const send = (reply: TChildReply) => process.send?.(reply);
/**
 * The recognizer on two threads where there are two cores: a 4x-enlarged sports slab took p50
 * 797 ms instead of 1,050 ms. At this process's low priority, and with ONNX Runtime's threads not
 * spinning while they wait (paddle-reader.ts), the server's own requests kept their pace during
 * back-to-back reads (GET /api/health p99 10-12 ms during, against 10-11 ms with one thread).
 */
const READER_THREADS = Math.min(2, availableParallelism());
const reader = createPaddleReader(READER_THREADS);
reader.then(
  () => send({ kind: 'ready' }),
  (e: unknown) => {
    send({ kind: 'fatal', message: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  },
);

let chain: Promise<void> = Promise.resolve();
process.on('message', (m: TChildRequest) => {
  chain = chain.then(async () => {
    try {
      const analysis = await readPhoto(await reader, Buffer.from(m.image), m.mime);
      send({ kind: 'done', id: m.id, analysis });
    } catch (e) {
      const input = e instanceof AppError && e.status === 400;
      send({ kind: 'error', id: m.id, input, code: input ? (e as AppError).code : 'analysis_failed', message: e instanceof Error ? e.message : String(e) });
    }
  });
});
process.on('disconnect', () => process.exit(0));
