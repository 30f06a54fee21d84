import { errorMessage } from '../lib/api.ts';
import { toast } from './toast.ts';

/** How a store action reports a failed call. */
export interface TAttemptOptions {
  /** The error toast's text when the server gives no message of its own. */
  failure: string;
  /** The error toast's title ('Error' unless said). */
  title?: string;
  /** Called with true before the call and with false after it, whatever the outcome (a busy mark). */
  pending?: (on: boolean) => void;
  /** Runs first on a failure (to undo or record it); returns true when it dealt with the error, so no toast shows. */
  recover?: (err: unknown) => boolean | void;
}

/**
 * The one shape of a store action that calls the server: marks it pending, runs `call` (which
 * changes the stores and toasts its success itself), and on a failure lets `recover` act, else
 * toasts the error (docs/product.md §8). Never rejects: resolves to what `call` resolved to, or
 * undefined when it failed (hence `call` may not resolve to undefined itself).
 */
export async function attempt<T extends NonNullable<unknown> | null>(opts: TAttemptOptions, call: () => Promise<T>): Promise<T | undefined> {
  opts.pending?.(true);
  try {
    return await call();
  } catch (err) {
    if (opts.recover?.(err) !== true) toast({ title: opts.title ?? 'Error', description: errorMessage(err, opts.failure), variant: 'error' });
    return undefined;
  } finally {
    opts.pending?.(false);
  }
}
