import { ZodError } from 'zod';
import { EnvError } from '../api/env.ts';
import { DatabaseUrlError } from '../db/database-url-error.ts';

/** One line for a failure: the first problem of a zod error with its field, else the error's message. */
export function errorLine(err: unknown): string {
  if (err instanceof EnvError) return err.message;
  if (err instanceof DatabaseUrlError) return `ratio: ${err.message}`;
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return `ratio: ${field}${issue?.message ?? 'invalid input'}`;
  }
  if (err instanceof Error) return `ratio: ${err.message}`;
  return `ratio: failed (${String(err)})`;
}

/** Prints a clear one-line message for any failure of a command (no stack trace) and exits 1. */
export function handleError(err: unknown): never {
  console.error(errorLine(err));
  process.exit(1);
}
