import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TCardAnalysis } from '../../../core/analysis/types.ts';
import { AnalysisBusyError, AnalysisFailedError, AnalysisInputError } from './errors.ts';

/** A photo to read, sent to the child. */
export interface TChildRequest {
  id: number;
  image: Uint8Array;
  mime: string;
}
/** What the child sends back. */
export type TChildReply =
  | { kind: 'ready' }
  | { kind: 'fatal'; message: string }
  | { kind: 'done'; id: number; result: TCardAnalysis | string | null }
  | { kind: 'error'; id: number; input: boolean; code: string; message: string };

/** Settings of the analysis child process. */
export interface TAnalysisProcessOptions {
  /**
   * Limit for one photo, and for waiting in the queue (ms). A photo sent to a child still loading
   * its models gets this long for the start-up, then this long again for itself.
   */
  timeoutMs: number;
  /** Photos allowed to wait while one is read; more are refused as busy. */
  maxQueue: number;
  /**
   * The child is stopped after this long with no photo (ms), giving its memory (about 150 MB of
   * models and runtime) back; the next photo starts a fresh one (about a second). Default 2 minutes.
   */
  idleMs?: number;
}

/** Reads photos in a child process, one at a time, queueing the rest: gives a `T` for each. */
export interface AnalysisProcess<T = TCardAnalysis> {
  /** Reads one photo. Throws AnalysisInputError, AnalysisBusyError or AnalysisFailedError. */
  run(image: Buffer, mime: string): Promise<T>;
  /** Starts the child now (models load in ~0.5 s) so the first photo does not wait for it. */
  warm(): void;
  /** The running child's process id, or null (for operators and tests). */
  childPid(): number | null;
  /** Stops the child and refuses queued and later photos. Idempotent. */
  close(): Promise<void>;
}

interface TJob {
  id: number;
  image: Buffer;
  mime: string;
  resolve: (a: TCardAnalysis | string | null) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout | null;
  /** Children that died while reading this photo; after two it is given up. */
  crashes: number;
}

const CHILD = fileURLToPath(new URL('./analysis-child.ts', import.meta.url));

/**
 * The child process that reads photos (analysis-child.ts). It starts on first use (or warm()),
 * is restarted after a crash, and is killed when a photo takes longer than `timeoutMs` (that
 * photo is answered as busy). The server's event loop only passes bytes and results.
 */
export function createAnalysisProcess(o: TAnalysisProcessOptions): AnalysisProcess {
  return childProcess('read', o) as AnalysisProcess;
}

/**
 * The same, reading only the cert in a photo's PSA label barcode (null when none reads): the
 * child loads no models, so it costs little beside an analyzer that reads the rest another way.
 */
export function createBarcodeProcess(o: TAnalysisProcessOptions): AnalysisProcess<string | null> {
  return childProcess('barcode', o) as AnalysisProcess<string | null>;
}

function childProcess(task: 'read' | 'barcode', o: TAnalysisProcessOptions): AnalysisProcess<TCardAnalysis | string | null> {
  let child: ChildProcess | null = null;
  let inFlight: TJob | null = null;
  const queue: TJob[] = [];
  let nextId = 1;
  let closed = false;
  /** The child the photo in flight was sent to. */
  let sentTo: ChildProcess | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  const idleMs = o.idleMs ?? 120_000;

  /** After `idleMs` with nothing to read, the child goes; any photo before then cancels that. */
  const stopWhenIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      const idle = child;
      if (closed || inFlight || queue.length || !idle) return;
      child = null;
      idle.kill('SIGTERM');
    }, idleMs);
    idleTimer.unref();
  };
  const keepAwake = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  };

  const settle = (job: TJob) => {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
  };

  const spawn = (): ChildProcess => {
    const c = fork(CHILD, task === 'barcode' ? ['barcode'] : [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Memory (docs/choices.md 46): a 1 MB young generation (V8's default grows to 16 MB a half-space), and
      // two malloc arenas for ONNX Runtime's and libvips' threads instead of up to eight a core, and
      // blocks of 8 MB and more (ONNX Runtime's tensors) mapped alone and unmapped when freed: the
      // reader's peak over the real sets 536 -> 397 MB, CPU a photo about 7% more (1 MB: 332 MB, twice the CPU).
      execArgv: ['--max-semi-space-size=1'],
      env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(8 << 20) },
    });
    c.on('message', (m: TChildReply) => {
      const job = inFlight;
      if (m.kind === 'ready') {
        // The photo's own time starts now: loading the models (seconds on a busy machine) is not it.
        if (job && sentTo === c) arm(job, c);
        return;
      }
      if (m.kind === 'fatal') {
        if (job) finish(job, new AnalysisFailedError(new Error(m.message)));
        return;
      }
      if (!job || job.id !== m.id) return;
      if (m.kind === 'done') finish(job, null, m.result);
      else finish(job, m.input ? new AnalysisInputError(m.message, m.code) : new AnalysisFailedError(new Error(m.message)));
    });
    c.on('error', () => undefined); // a send to a child that just died: its exit handles the photo
    c.on('exit', () => {
      if (child === c) child = null;
      const job = inFlight;
      if (!job || sentTo !== c) return;
      // The child died under this photo (or before it saw it): one more try on a fresh child.
      settle(job);
      inFlight = null;
      job.crashes += 1;
      if (job.crashes >= 2) job.reject(new AnalysisFailedError(new Error('analysis process exited')));
      else queue.unshift(job);
      pump();
    });
    c.unref();
    c.channel?.unref();
    return c;
  };

  function finish(job: TJob, error: Error | null, result?: TCardAnalysis | string | null) {
    settle(job);
    if (inFlight === job) inFlight = null;
    if (error) job.reject(error);
    else if (result !== undefined) job.resolve(result);
    pump();
  }

  /** Gives `job` `timeoutMs` from now on `running`; a photo stuck longer is given up, and the child with it. */
  function arm(job: TJob, running: ChildProcess) {
    settle(job);
    job.timer = setTimeout(() => {
      running.kill('SIGKILL');
      if (child === running) child = null;
      finish(job, new AnalysisBusyError());
    }, o.timeoutMs);
  }

  function pump() {
    if (closed || inFlight) return;
    const job = queue.shift();
    if (!job) {
      child?.channel?.unref();
      if (child) stopWhenIdle();
      return;
    }
    keepAwake();
    settle(job);
    child ??= spawn();
    child.channel?.ref();
    inFlight = job;
    const running = child;
    sentTo = running;
    arm(job, running);
    running.send({ id: job.id, image: job.image, mime: job.mime } satisfies TChildRequest);
  }

  return {
    run(image, mime) {
      if (closed) return Promise.reject(new AnalysisFailedError(new Error('analysis process is closed')));
      if (inFlight && queue.length >= o.maxQueue) return Promise.reject(new AnalysisBusyError());
      return new Promise<TCardAnalysis | string | null>((resolve, reject) => {
        const job: TJob = { id: nextId++, image, mime, resolve, reject, timer: null, crashes: 0 };
        job.timer = setTimeout(() => {
          queue.splice(queue.indexOf(job), 1);
          reject(new AnalysisBusyError());
        }, o.timeoutMs);
        queue.push(job);
        pump();
      });
    },
    warm() {
      if (closed) return;
      child ??= spawn();
      if (!inFlight && !queue.length) stopWhenIdle();
    },
    childPid: () => child?.pid ?? null,
    async close() {
      closed = true;
      keepAwake();
      for (const job of queue.splice(0)) {
        settle(job);
        job.reject(new AnalysisFailedError(new Error('analysis process closed')));
      }
      const c = child;
      child = null;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      c.ref();
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      });
    },
  };
}
