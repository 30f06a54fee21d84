import { EnvError } from '../api/env.ts';

/** Prints a clear message for any failure of a command and exits 1. */
export function handleError(err: unknown): never {
  if (err instanceof EnvError) console.error(err.message);
  else if (err instanceof Error) console.error(`ratio: ${err.message}`);
  else console.error('ratio: failed', err);
  process.exit(1);
}
