import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger.ts';

/**
 * Gives each request an id (X-Request-Id) and logs one line when it finishes: method, path
 * without its query (queries can carry tokens), status and duration. Static assets log at debug.
 */
export function requestLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const reqId = randomUUID();
    ctx.state.reqId = reqId;
    ctx.set('X-Request-Id', reqId);
    try {
      await next();
    } finally {
      const line = { reqId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) };
      if (ctx.path.startsWith('/_astro/')) log.debug(line, 'request');
      else log.info(line, 'request');
    }
  };
}
