/**
 * The analysis child process (docs/choices.md 28, 36): decodes photos and reads labels with
 * PaddleOCR on ONNX Runtime, so no per-pixel work ever runs on the server's event loop. Started
 * by analysis-process.ts with an IPC channel ('advanced' serialisation, so image bytes arrive as
 * Buffers); runs at low priority so the server keeps the CPU it needs. One job at a time. Started
 * with the argument 'barcode' it only reads labels' barcodes (readPhotoBarcode), for an analyzer
 * that reads the rest another way, and loads no models.
 */
import { availableParallelism, setPriority } from 'node:os';
import sharp from 'sharp';
import { AppError } from '../../errors.ts';
import type { TChildReply, TChildRequest } from './analysis-process.ts';
import { readPhoto, readPhotoBarcode } from './read-photo.ts';

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
const barcodeOnly = process.argv[2] === 'barcode';
// The recognizer's runtime is not even loaded to read barcodes.
const reader = barcodeOnly ? null : import('./paddle-reader.ts').then((m) => m.createPaddleReader(READER_THREADS));
(reader ?? Promise.resolve()).then(
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
      const image = Buffer.from(m.image);
      const result = reader ? await readPhoto(await reader, image, m.mime) : await readPhotoBarcode(image, m.mime);
      send({ kind: 'done', id: m.id, result });
    } catch (e) {
      const input = e instanceof AppError && e.status === 400;
      send({ kind: 'error', id: m.id, input, code: input ? (e as AppError).code : 'analysis_failed', message: e instanceof Error ? e.message : String(e) });
    }
  });
});
process.on('disconnect', () => process.exit(0));
