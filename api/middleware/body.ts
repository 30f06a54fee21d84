import getRawBody from 'raw-body';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { AppError, badRequest } from '../errors.ts';
import { BIG_INPUT, yieldToLoop } from '../lib/yield.ts';
import { checkJsonShape, firstNulPath, type TJsonShape } from './json-shape.ts';

export interface TJsonBodyOptions extends Partial<TJsonShape> {
  /** Largest body read, in bytes (or '64kb', '40mb'). Default 64 KB. */
  limit?: number | string;
}

const DEFAULT_SHAPE: TJsonShape = { maxDepth: 8, maxValues: 2000 };

/** 415 for a body sent compressed: browsers never compress requests, and inflating one costs CPU. */
export function refuseContentEncoding(ctx: Context): void {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new AppError(415, 'unsupported_encoding', 'Send the request body without Content-Encoding');
  }
}

/**
 * JSON body parser for one route (a global parser would eat requests Astro must see). Before any
 * parsing it refuses a compressed body (415), a type other than JSON (415), a body over `limit`
 * (413), and a body that is not an object, nests deeper than `maxDepth` or holds more than
 * `maxValues` values (400): a linear scan of the text, so a hostile body costs no more than its
 * bytes. The parsed object is at bodyOf(ctx).
 */
export function jsonBody(options: TJsonBodyOptions | string = {}): Middleware {
  const { limit = '64kb', ...shape } = typeof options === 'string' ? { limit: options } : options;
  const rules = { ...DEFAULT_SHAPE, ...shape };
  return async (ctx, next) => {
    if (!hasBody(ctx)) return next();
    refuseContentEncoding(ctx);
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new AppError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
    }
    const text = await getRawBody(ctx.req, { length: ctx.get('Content-Length') || undefined, limit, encoding: 'utf8' });
    const big = text.length > BIG_INPUT;
    if (big) await yieldToLoop();
    checkJsonShape(text, rules);
    if (big) await yieldToLoop();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest('invalid_json', 'The request body is not valid JSON');
    }
    (ctx.request as unknown as { body: unknown }).body = parsed;
    // Parsing several MB takes tens of ms: the route's own work starts in a later turn (docs/choices.md 43).
    if (big) await yieldToLoop();
    return next();
  };
}

/** True when the request carries a body (a chunked one, or a non-zero Content-Length). */
function hasBody(ctx: Context): boolean {
  if (ctx.get('Transfer-Encoding')) return true;
  const length = ctx.get('Content-Length');
  return length !== '' && length !== '0';
}

/**
 * Validates input at the edge: parses the value with the schema or throws the ZodError, which the
 * error middleware answers as a 400 naming the field. A NUL character anywhere is refused first
 * (PostgreSQL cannot store it in text).
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const nul = firstNulPath(value);
  if (nul !== null)
    throw badRequest('validation_error', `${nul || 'body'}: must not contain a NUL character`, {
      fields: [{ field: nul, message: 'must not contain a NUL character' }],
    });
  return schema.parse(value ?? {});
}

/** The parsed JSON body of a request (an empty object when none was sent). */
export function bodyOf(ctx: Context): unknown {
  return (ctx.request as unknown as { body?: unknown }).body ?? {};
}
