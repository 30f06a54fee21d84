import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';

type TLayer = Router['stack'][number];
type TChain = (ctx: Context, next: Next) => Promise<unknown>;

/** Distinct request paths whose match is remembered (ids in paths make them many; the map starts over when full). */
const MATCHES_KEPT = 5_000;

/**
 * Serves `router` like its own `routes()` middleware, but does the work that depends only on the
 * route once (docs/choices.md 38): @koa/router matches every layer's pattern and composes the
 * matched layers' chain again on every request; here a method and path's match is remembered and
 * each route's chain is composed the first time it is used. Per request there remain only the
 * params of the matched layers. Requests outside `prefix` pass straight on.
 */
export function routeDispatcher(router: Router, prefix: string): Middleware {
  const chains = new Map<string, TChain | null>();
  const ids = new Map<TLayer, number>();
  const composed = new Map<string, TChain>();

  const chainFor = (layers: TLayer[]): TChain => {
    const key = layers.map((l) => ids.get(l) ?? ids.set(l, ids.size).size - 1).join(',');
    let chain = composed.get(key);
    if (!chain) {
      chain = compose(layers.flatMap((layer) => [paramsOf(layer), ...(layer.stack as Middleware[])])) as TChain;
      composed.set(key, chain);
    }
    return chain;
  };

  return (ctx, next) => {
    const path = ctx.path;
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return next();
    const key = `${ctx.method} ${path}`;
    let chain = chains.get(key);
    if (chain === undefined) {
      const match = router.match(path, ctx.method);
      chain = match.route ? chainFor(match.pathAndMethod) : null;
      if (chains.size >= MATCHES_KEPT) chains.clear();
      chains.set(key, chain);
    }
    return chain ? chain(ctx, next) : next();
  };
}

/** What @koa/router sets on the context before a matched layer's own middleware: its params. */
function paramsOf(layer: TLayer): Middleware {
  return (ctx, next) => {
    const captures = layer.captures(ctx.path);
    ctx.params = layer.params(ctx.path, captures, ctx.params);
    return next();
  };
}
