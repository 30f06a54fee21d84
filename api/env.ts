import { z } from 'zod';

/** Empty strings count as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const bool = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
  z.boolean().optional(),
);

/** Every setting Ratio reads. README's configuration table documents each one. */
export const ZEnv = z.object({
  NODE_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optional(z.string()).transform((v) => v ?? '0.0.0.0'),
  PUBLIC_URL: optional(z.url()),
  DATA_DIR: optional(z.string()).transform((v) => v ?? './data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  SESSION_SECRET: optional(z.string()),
  TRUST_PROXY: bool.transform((v) => v ?? false),
  // How many proxies in front of Ratio append to X-Forwarded-For; the client is the address the
  // outermost of them appended (entries further left are whatever the client sent).
  TRUSTED_PROXIES: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(10).default(1)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).transform((v) => v ?? 'info'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string()).transform((v) => v ?? 'Ratio <no-reply@ratio.local>'),
  SUPPORT_EMAIL: optional(z.email()).transform((v) => v ?? 'support@ratio.local'),
  /**
   * No longer read (docs/choices.md 43: it made admin whoever first signed up with a listed address); kept
   * only so the server can warn at start that it is set. Admins: `ratio users admin <email>`.
   */
  ADMIN_EMAILS: optional(z.string()),
  GEMINI_API_KEY: optional(z.string()),
  GEMINI_MODEL: optional(z.string()).transform((v) => v ?? 'gemini-2.5-flash'),
  GEMINI_BASE_URL: optional(z.url()),
  // How long one photo's analysis may take before the answer is 'busy' (Gemini's call, or the offline
  // reader's pass; its model start-up is not counted). Unset: 20 s for Gemini, 15 s offline.
  ANALYSIS_TIMEOUT_SECONDS: optional(z.coerce.number().positive().max(600)),
  PSA_API_TOKEN: optional(z.string()),
  PSA_API_BASE_URL: optional(z.url()).transform((v) => v ?? 'https://api.psacard.com'),
  // Market values (docs/choices.md 45): SportsCardsPro when a token is set (or PRICE_PROVIDER says so), else the price list.
  PRICE_PROVIDER: optional(z.enum(['sportscardspro', 'price-list'], 'must be sportscardspro or price-list')),
  SPORTSCARDSPRO_TOKEN: optional(z.string()),
  SPORTSCARDSPRO_BASE_URL: optional(z.url()).transform((v) => v ?? 'https://www.sportscardspro.com'),
  PRICES_RATE_PER_SECOND: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().max(100).default(1)),
  PRICES_TIMEOUT_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().max(120).default(10)),
  // PSA's rate limit for the token (calls per minute); bulk intake by cert waits its turn for each call.
  PSA_API_CALLS_PER_MINUTE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().max(60_000).default(60)),
  BILLING: optional(z.enum(['stripe', 'local'], 'must be stripe or local')),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_PUBLISHABLE_KEY: optional(z.string()),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  STRIPE_PRICE_ID: optional(z.string()),
  STRIPE_API_BASE: optional(z.url()),
  // Running at scale (README "Running at scale"): limits shared in Redis, photos in S3.
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.url()),
  S3_REGION: optional(z.string()).transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  // Path-style URLs (endpoint/bucket/key): what MinIO and most S3-compatible servers want.
  S3_FORCE_PATH_STYLE: bool.transform((v) => v ?? false),
  // Graceful shutdown: how long in-flight requests may take to finish after SIGTERM.
  SHUTDOWN_TIMEOUT_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(600).default(10)),
});

export type TEnv = z.infer<typeof ZEnv>;

/** Thrown when the configuration is unusable; lists every problem at once. */
export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/**
 * Parses a raw environment into typed settings. Pure: pass process.env at start-up, or a literal
 * object in tests. Production refuses unsafe settings and says why.
 */
export function parseEnv(raw: Record<string, string | undefined>): TEnv {
  const result = ZEnv.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const env = result.data;
  const problems: string[] = [];
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const;
  if (billingProvider(env) === 'stripe') {
    for (const key of stripeKeys) if (!env[key]) problems.push(`${key}: required for Stripe billing`);
  }
  if (env.PRICE_PROVIDER === 'sportscardspro' && !env.SPORTSCARDSPRO_TOKEN) {
    problems.push('SPORTSCARDSPRO_TOKEN: required when PRICE_PROVIDER is sportscardspro');
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET: required when any other S3_ setting is given (photos stay on the local disk without it)');
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the AWS default credentials then apply)');
  }
  if (env.NODE_ENV === 'production') {
    if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32) {
      problems.push('SESSION_SECRET: must be set to at least 32 random characters in production');
    }
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: must be set in production (links in emails, secure cookies)');
    else if (!env.PUBLIC_URL.startsWith('https://')) problems.push('PUBLIC_URL: must be https:// in production');
    if (!env.TRUST_PROXY) {
      // Ratio serves plain HTTP; TLS ends at a proxy, and Secure cookies need its X-Forwarded-Proto.
      problems.push('TRUST_PROXY: must be true in production (Ratio runs behind the TLS proxy that serves PUBLIC_URL)');
    }
    if (billingProvider(env) === 'stripe' && !env.STRIPE_WEBHOOK_SECRET) {
      problems.push('STRIPE_WEBHOOK_SECRET: required for Stripe billing in production (webhooks keep subscriptions in step)');
    }
    if (billingProvider(env) === 'local' && env.BILLING !== 'local') {
      problems.push(
        'BILLING: production has no Stripe keys, so billing would run in local test mode where nobody pays. Set STRIPE_SECRET_KEY, '
          + 'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or set BILLING=local on purpose',
      );
    }
  }
  if (problems.length) throw new EnvError(problems);
  return env;
}

/**
 * Which billing provider runs: BILLING when set, else Stripe when a secret key is configured, else
 * local billing (test mode: nobody is charged).
 */
export function billingProvider(env: Pick<TEnv, 'BILLING' | 'STRIPE_SECRET_KEY'>): 'stripe' | 'local' {
  return env.BILLING ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'local');
}

/** Which price provider runs: PRICE_PROVIDER when set, else SportsCardsPro when a token is configured, else the price list. */
export function priceProvider(env: Pick<TEnv, 'PRICE_PROVIDER' | 'SPORTSCARDSPRO_TOKEN'>): 'sportscardspro' | 'price-list' {
  return env.PRICE_PROVIDER ?? (env.SPORTSCARDSPRO_TOKEN ? 'sportscardspro' : 'price-list');
}

/** The public origin used in links (emails) and the same-origin check. */
export function publicUrl(env: TEnv): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** Secret used to key token hashes; a fixed development value outside production. */
export function sessionSecret(env: TEnv): string {
  return env.SESSION_SECRET ?? 'ratio-development-secret-not-for-production';
}
