import { koaBody } from 'koa-body';
import type { Context } from 'koa';
import type { z } from 'zod';

/** JSON body parser for one route (a global parser would eat requests Astro must see). */
export const jsonBody = (limit = '64kb') =>
  koaBody({ json: true, multipart: false, urlencoded: false, text: false, jsonLimit: limit, jsonStrict: true });

/**
 * Validates input at the edge: parses the value with the schema or throws the ZodError, which the
 * error middleware answers as a 400 naming the field.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value ?? {});
}

/** The parsed JSON body of a request (an empty object when none was sent). */
export function bodyOf(ctx: Context): unknown {
  return (ctx.request as unknown as { body?: unknown }).body ?? {};
}
