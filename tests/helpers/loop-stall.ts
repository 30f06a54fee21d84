import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** One measurement: this thread's longest event-loop delay, and an idle thread's over the same time (ms). */
export interface TStalls {
  /** Longest delay of this process's event loop (the server's, in API tests). */
  main: number;
  /** Longest delay of an idle thread over the same time: what the machine's load alone causes. */
  control: number;
  /** The part of `main` the code under test is to blame for. */
  excess: number;
}

// The control thread does nothing but measure its own event loop and answer when asked.
const CONTROL = `
const { parentPort } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
parentPort.on('message', (m) => {
  parentPort.postMessage(h.max / 1e6);
  if (m === 'reset') h.reset();
});
`;

/**
 * Measures event-loop stalls with perf_hooks.monitorEventLoopDelay, next to an idle control thread.
 * On a busy shared machine every thread waits for a core now and then; the control thread's delay
 * over the same window shows how long, so `excess` is what the code under test added. Each
 * measure() is its own window (a histogram re-enabled without a reset would count the gap).
 */
export function stallMeter() {
  const main = monitorEventLoopDelay({ resolution: 10 });
  const control = new Worker(CONTROL, { eval: true });
  control.unref();
  const ask = (message: 'read' | 'reset') => new Promise<number>((resolve) => control.once('message', resolve).postMessage(message));
  let worst: TStalls = { main: 0, control: 0, excess: 0 };
  return {
    /** Runs `fn` inside a measurement window; the worst window is kept. */
    async measure<T>(fn: () => Promise<T>): Promise<T> {
      await ask('reset');
      main.reset();
      main.enable();
      try {
        return await fn();
      } finally {
        main.disable();
        const stalls = { main: main.max / 1e6, control: await ask('read') };
        const excess = Math.max(0, stalls.main - stalls.control);
        if (excess >= worst.excess) worst = { ...stalls, excess };
      }
    },
    /** The worst window since the last clear(). */
    worst: (): TStalls => worst,
    clear(): void {
      worst = { main: 0, control: 0, excess: 0 };
    },
    async close(): Promise<void> {
      main.disable();
      await control.terminate();
    },
  };
}
