/** Input larger than this is handled in steps, each in its own turn of the event loop. */
export const BIG_INPUT = 1024 * 1024;

/**
 * Lets the event loop run other requests before continuing. Work on a multi-megabyte body (JSON
 * parsing, base64 checks, hashing) takes tens of milliseconds per step; yielding between steps
 * keeps any one stall short instead of adding them up.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
