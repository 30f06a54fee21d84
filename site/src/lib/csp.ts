import { createHash } from 'node:crypto';
import { FIRST_SCREEN_SCRIPT } from './first-screen-boot.ts';

/**
 * Stripe's origins, from its security guide (docs.stripe.com/security/guide#content-security-policy):
 * Stripe.js loads from js.stripe.com, frames the Payment Element from js.stripe.com and 3-D Secure
 * from hooks.stripe.com, and talks to api.stripe.com.
 */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
} as const;

/**
 * The pages' Content-Security-Policy, as Astro's `security.csp` option (astro.config.mjs). Astro adds
 * the hashes of its own scripts and styles to script-src and style-src; the build writes each page's
 * policy to dist/_headers.json, and the server sends it as a header (api/site.ts). Images may be
 * data: and blob: URLs (the anonymous collection keeps photos as data URLs, previews use blobs), and
 * a data URL may be fetched (recompressing a stored photo reads it back as a blob);
 * React sets a few style attributes (progress bars), hence style-src-attr.
 */
export const PAGE_CSP = {
  directives: [
    "default-src 'self'",
    `img-src 'self' data: blob: ${STRIPE_CSP.img.join(' ')}`,
    `connect-src 'self' data: ${STRIPE_CSP.connect.join(' ')}`,
    `frame-src ${STRIPE_CSP.frame.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ],
  scriptDirective: {
    resources: ["'self'", ...STRIPE_CSP.script],
    hashes: [FIRST_SCREEN_SCRIPT].map((script) => `sha256-${createHash('sha256').update(script).digest('base64')}` as const),
  },
  styleDirective: {
    resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }],
  },
} as const;
