import type { Middleware } from 'koa';
import { forbidden } from '../errors.ts';

/** Conservative security headers on every answer. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request whose Origin (or, without one, Referer) is not this site.
 * Browsers always send Origin on cross-site POSTs, so a forged form or fetch is stopped; clients
 * that send neither (curl, the CLI) carry no victim's cookie and pass. `exempt` paths (the signed
 * Stripe webhook) skip the check.
 */
export function sameOriginOnly(allowedOrigins: () => string[], exempt: string[] = []): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || exempt.includes(ctx.path)) return next();
    const origin = ctx.get('Origin') || originOf(ctx.get('Referer'));
    // Koa 3's ctx.origin echoes the Origin header, so this site's own origin is rebuilt from the host.
    const self = `${ctx.protocol}://${ctx.host}`;
    if (origin && origin !== self && !allowedOrigins().includes(origin)) {
      throw forbidden('Cross-site request refused', 'cross_origin');
    }
    return next();
  };
}

function originOf(url: string): string {
  if (!url) return '';
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}
