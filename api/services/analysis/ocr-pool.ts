import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { AnalysisBusyError, AnalysisFailedError } from './errors.ts';
import { PAGE_PARAMS, readText, type TOcrImage, type TOcrText } from './ocr-read.ts';

/** The bundled English model (tesseract 4.0.0 'best_int'), read from disk: nothing is downloaded. */
export function defaultLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** Reads text from a view with the worker the job holds. */
export type TRecognize = (image: TOcrImage) => Promise<TOcrText>;

/** Settings of the worker pool (see createOcrPool). */
export interface TOcrPoolOptions {
  langPath: string;
  /** Warm workers kept (each is a thread running tesseract); 1 or 2 is plenty. */
  size: number;
  /** Limit for starting a worker (loading the model). */
  startTimeoutMs: number;
  /** Limit for one recognition, and for waiting in the queue. */
  jobTimeoutMs: number;
  /** Jobs allowed to wait for a worker; more are refused as busy. */
  maxQueue: number;
}

/** A small pool of warm tesseract workers, created lazily and reused; jobs queue for a free one. */
export interface TOcrPool {
  /** Runs `job` holding one worker. Throws AnalysisBusyError when the queue is full or too slow. */
  run<T>(job: (recognize: TRecognize) => Promise<T>): Promise<T>;
  /** Terminates every worker and refuses queued and later jobs. Idempotent. */
  close(): Promise<void>;
}

interface TSlot { worker: Promise<Worker> | null; busy: boolean }
interface TWaiter { resolve: (slot: TSlot) => void; reject: (err: Error) => void }

/** Settles with `promise`, or rejects with `onTimeout()` after `ms`; a late result goes to `onLate`. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error, onLate?: (value: T) => void): Promise<T> {
  let timedOut = false;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      timedOut = true;
      reject(onTimeout());
    }, ms);
    promise.then(
      (v) => (timedOut ? onLate?.(v) : (clearTimeout(timer), resolve(v))),
      (e: unknown) => (timedOut ? undefined : (clearTimeout(timer), reject(e))),
    );
  });
}

/** Creates the pool; no worker starts until the first job. */
export function createOcrPool(o: TOcrPoolOptions): TOcrPool {
  const slots: TSlot[] = Array.from({ length: Math.max(1, o.size) }, () => ({ worker: null, busy: false }));
  const waiting: TWaiter[] = [];
  let closed = false;

  const start = async (): Promise<Worker> => {
    const starting = createWorker('eng', OEM.LSTM_ONLY, {
      langPath: o.langPath,
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js rethrows a failed job from its message listener, which
      // would crash the process; the job's own promise still rejects and is handled by run().
      errorHandler: () => undefined,
    });
    const worker = await withTimeout(
      starting,
      o.startTimeoutMs,
      () => new AnalysisFailedError(new Error('OCR worker did not start in time')),
      (late) => void late.terminate().catch(() => undefined),
    );
    await worker.setParameters(PAGE_PARAMS);
    return worker;
  };

  const drop = (slot: TSlot) => {
    const w = slot.worker;
    slot.worker = null;
    void w?.then((x) => x.terminate()).catch(() => undefined);
  };

  const acquire = (): Promise<TSlot> => {
    if (closed) return Promise.reject(new AnalysisFailedError(new Error('OCR pool is closed')));
    const free = slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (waiting.length >= o.maxQueue) return Promise.reject(new AnalysisBusyError());
    return new Promise<TSlot>((resolve, reject) => {
      const waiter: TWaiter = {
        resolve: (slot) => (clearTimeout(timer), resolve(slot)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new AnalysisBusyError());
      }, o.jobTimeoutMs);
      waiting.push(waiter);
    });
  };

  const release = (slot: TSlot) => {
    if (closed) drop(slot); // a worker started while closing is not left running
    const next = waiting.shift();
    if (next && !closed) next.resolve(slot);
    else slot.busy = false;
  };

  return {
    async run(job) {
      const slot = await acquire();
      try {
        slot.worker ??= start();
        const worker = await slot.worker.catch((e: unknown) => {
          slot.worker = null;
          throw e instanceof AnalysisFailedError ? e : new AnalysisFailedError(e);
        });
        return await job(async (image) => {
          return withTimeout(readText(worker, image), o.jobTimeoutMs, () => {
            drop(slot); // a worker stuck on one image is not reused
            return new AnalysisBusyError();
          });
        });
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      for (const w of waiting.splice(0)) w.reject(new AnalysisFailedError(new Error('OCR pool closed')));
      const workers = slots.map((s) => s.worker).filter((w): w is Promise<Worker> => w !== null);
      slots.forEach((s) => (s.worker = null));
      await Promise.all(workers.map((w) => w.then((x) => x.terminate()).catch(() => undefined)));
    },
  };
}
