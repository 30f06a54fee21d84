import type { Middleware } from 'koa';
import { forbidden } from '../errors.ts';

/**
 * The Content-Security-Policy of every answer that is not a page (JSON, images, files): it may
 * load nothing and be framed by no one. Pages carry their own policy, built with the site
 * (site/src/lib/csp.ts, sent by api/site.ts).
 */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Browser features no page of Ratio uses are switched off; payment stays for Stripe's frame. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), payment=(self "https://js.stripe.com")';

/**
 * Security headers on every answer, errors included (they are set before anything else runs, so
 * a thrown error keeps them). HSTS only in production, where TLS ends at the proxy in front.
 */
export function securityHeaders(options: { production: boolean }): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    ctx.set('Content-Security-Policy', DEFAULT_CSP);
    if (options.production) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    await next();
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
