import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import * as API from '../../core/contracts/api.ts';
import type { TAnswerOf, TCall, TServerInput } from '../../core/contracts/call.ts';
import { API_SCHEMAS, type TCallId } from '../../core/contracts/schemas.ts';
import { bodyOf, jsonBody, parseInput, type TJsonBodyOptions } from '../middleware/body.ts';

/** A class of its own, so no JSON answer type can pass for it. */
class Sent {
  declare private readonly brand: 'sent';
}
/** What a handler returns when it wrote the answer itself (a 304, bytes compressed once, JSON text). */
export const SENT = new Sent();

export interface TServeOptions {
  /** Run first, in order: session checks, rate limits. */
  use?: Middleware[];
  /** Reads a 'form' or 'raw' call's body (multipart, raw JSON); after the params and query are checked. */
  read?: Middleware;
  /** A 'json' call's body limits (jsonBody's options; 64 KB by default). */
  json?: TJsonBodyOptions | string;
  /** The error for path params the schema refuses (default: the 400 naming the field), e.g. a 404 for an id that cannot exist. */
  badParams?: (error: z.ZodError) => Error;
}

type TCallOf<K extends TCallId> = (typeof API)[K];
/** A JSON call's handler returns its answer (or SENT); any other call's handler writes ctx.body itself. */
type TResult<K extends TCallId> = TCallOf<K>['answer'] extends 'json' ? TAnswerOf<TCallOf<K>> | typeof SENT : void;

/** A route's handler: the validated input typed as the contract's schemas output it. */
export type THandler<K extends TCallId> = (ctx: RouterContext, input: TServerInput<TCallOf<K>>) => Promise<TResult<K>> | TResult<K>;

/**
 * Registers the contract's call `id` on `router` (whose prefix is /api; the route is named `id`, which
 * the OpenAPI document reads back). Per request: `use`, then the path params and query are validated,
 * then the body is read (`jsonBody` for a 'json' call, `read` otherwise) and validated, then `handler`
 * runs with all three typed; a JSON answer it returns is sent as is (`null` as the JSON literal).
 */
export function serve<K extends TCallId>(router: Router, id: K, options: TServeOptions, handler: NoInfer<THandler<K>>): void {
  const c: TCall = API[id];
  const schemas: { summary: string; params?: z.ZodType; query?: z.ZodType; body?: z.ZodType } = API_SCHEMAS[id];
  const read = options.read ?? (c.body === 'json' ? jsonBody(options.json) : null);
  const run = handler as (ctx: RouterContext, input: unknown) => unknown;

  const answer: Middleware = async (ctx) => {
    const rctx = ctx as RouterContext;
    let params: unknown;
    if (schemas.params) {
      const parsed = schemas.params.safeParse(rctx.params);
      if (!parsed.success) throw options.badParams ? options.badParams(parsed.error) : parsed.error;
      params = parsed.data;
    }
    const query = schemas.query ? parseInput(schemas.query, ctx.query) : undefined;
    const respond = async () => {
      const body = schemas.body ? parseInput(schemas.body, bodyOf(ctx)) : undefined;
      const result = await run(rctx, { params, query, body });
      if (c.answer !== 'json' || result === SENT) return;
      if (result === null) {
        // Koa turns a null body into 204; the client expects the JSON literal null.
        ctx.type = 'json';
        ctx.body = 'null';
      } else {
        ctx.body = result;
      }
    };
    if (read) await read(ctx, respond);
    else await respond();
  };

  router.register(c.path.slice('/api'.length), [c.method], [...(options.use ?? []), answer], { name: id });
}
