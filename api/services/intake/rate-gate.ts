/**
 * Paces calls to a provider at its rate limit: each `wait()` resolves at the next free turn, turns
 * `intervalMs` apart; `pause(ms)` (after the provider answered 429) pushes every later turn back.
 * Waiting is a timer, never a busy loop, so requests are never held up by it.
 */
export interface RateGate {
  wait(): Promise<void>;
  pause(ms: number): void;
}

export function createRateGate(callsPerMinute: number, now: () => number = Date.now): RateGate {
  const interval = 60_000 / Math.max(callsPerMinute, 0.001);
  let nextTurn = 0;
  return {
    async wait() {
      const t = now();
      const turn = Math.max(t, nextTurn);
      nextTurn = turn + interval;
      if (turn > t) await new Promise<void>((resolve) => setTimeout(resolve, turn - t).unref());
    },
    pause(ms) {
      nextTurn = Math.max(nextTurn, now() + ms);
    },
  };
}
