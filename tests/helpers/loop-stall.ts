import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** One measurement window: this thread's longest event-loop delay, and the control's over the same time. */
export interface TStalls {
  /** Longest delay of this process's event loop (the server's, in API tests), ms. */
  main: number;
  /** Longest delay of the control thread's event loop over the same time: the load alone, ms. */
  control: number;
  /**
   * How much slower a fixed piece of work ran on the control thread in this window than at its
   * fastest (1 on an idle machine, ~2–3 with both cores busy): the share of a core the load leaves.
   */
  stretch: number;
  /** The part of `main` the code under test is to blame for, ms. */
  excess: number;
  /** Longest garbage-collection pause of this process in the window, ms (told in a failure's message). */
  gc: number;
}

/**
 * The control thread: measures its own event-loop delay, and every 25 ms times a fixed piece of
 * work (~1 ms on an idle core, 4% of one) to see how much the machine's load slows work down.
 */
const CONTROL = `
const { parentPort } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
let fastest = Infinity, spent = 0, units = 0, sink = 0;
const unit = () => { let x = 0; for (let i = 0; i < 400000; i++) x = (x * 31 + i) | 0; sink ^= x; };
unit();
setInterval(() => {
  const t = performance.now();
  unit();
  const ms = performance.now() - t;
  fastest = Math.min(fastest, ms);
  spent += ms;
  units++;
}, 25);
parentPort.on('message', (m) => {
  const stretch = units ? spent / units / fastest : 1;
  parentPort.postMessage({ delay: h.max / 1e6, stretch, sink });
  if (m === 'reset') { h.reset(); spent = 0; units = 0; }
});
`;

/**
 * Measures event-loop stalls with perf_hooks.monitorEventLoopDelay, next to a control thread
 * measured in the same window. On a busy shared machine every thread waits for a core now and
 * then, and work takes longer: the control's own delay is subtracted (`excess`), and its `stretch`
 * says how much longer work took in this window, so a budget is judged with allowed(). Each
 * measure() is its own window (a histogram re-enabled without a reset would count the gap).
 */
export function stallMeter({ collectFirst = false }: { collectFirst?: boolean } = {}) {
  const main = monitorEventLoopDelay({ resolution: 10 });
  const control = new Worker(CONTROL, { eval: true });
  control.unref();
  const ask = (message: 'read' | 'reset') =>
    new Promise<{ delay: number; stretch: number }>((resolve) => control.once('message', resolve).postMessage(message));
  const empty: TStalls = { main: 0, control: 0, stretch: 1, excess: 0, gc: 0 };
  let gcPause = 0;
  const gcs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcPause = Math.max(gcPause, e.duration);
  });
  gcs.observe({ entryTypes: ['gc'] });
  // collectFirst, with --expose-gc (the timed test projects, vitest.config.ts): each window starts on
  // a collected heap, so a full collection the earlier tests' garbage has made due (a 40 ms pause on
  // a 55 MB heap, over 100 ms on a loaded machine) does not fall into the window of the request under
  // test; a collection the request's own allocations bring on still does. For a few heavy windows
  // only: a full collection before each of a thousand small requests takes minutes.
  const collect = collectFirst ? (globalThis as { gc?: () => void }).gc : undefined;
  let worst = empty;
  /** How far over its budget a window was (excess / allowed budget): the worst window is the highest. */
  const over = (s: TStalls) => s.excess / Math.max(1, s.stretch);
  return {
    /** Runs `fn` inside a measurement window; the worst window (excess over budget) is kept. */
    async measure<T>(fn: () => Promise<T>): Promise<T> {
      if (collect) {
        collect();
        await new Promise((resolve) => setImmediate(resolve)); // the collection's own entry is reported before the window
      }
      await ask('reset');
      gcPause = 0;
      main.reset();
      main.enable();
      try {
        return await fn();
      } finally {
        main.disable();
        const c = await ask('read');
        const stalls: TStalls = { main: main.max / 1e6, control: c.delay, stretch: c.stretch, excess: Math.max(0, main.max / 1e6 - c.delay), gc: gcPause };
        if (over(stalls) >= over(worst)) worst = stalls;
      }
    },
    /** The worst window since the last clear(). */
    worst: (): TStalls => worst,
    /**
     * A stall budget (ms, as on an idle machine) scaled by the worst window's stretch, at most
     * 4-fold: a real stall on an idle machine still fails, and one twice as long fails with both
     * cores busy.
     */
    allowed: (budgetMs: number): number => budgetMs * Math.min(4, Math.max(1, worst.stretch)),
    clear(): void {
      worst = empty;
    },
    async close(): Promise<void> {
      main.disable();
      gcs.disconnect();
      await control.terminate();
    },
  };
}
