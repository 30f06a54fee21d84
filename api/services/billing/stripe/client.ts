import { createRequire } from 'node:module';
import type Stripe from 'stripe';

let sdk: typeof Stripe | undefined;
/**
 * The Stripe SDK, loaded when Stripe billing is first set up: a server on local billing (the
 * default) never loads it (docs/choices.md 46: start-up time).
 */
export const stripeSdk = (): typeof Stripe => (sdk ??= createRequire(import.meta.url)('stripe') as typeof Stripe);

export interface TStripeSettings {
  secretKey: string;
  /** An http(s) base URL in place of Stripe's (tests point it at a local emulator). */
  apiBase?: string | undefined;
  /** Retries of failed network calls (the SDK's default is 2). */
  maxNetworkRetries?: number | undefined;
}

/** A Stripe client at the API version the installed package pins. */
export function createStripeClient(settings: TStripeSettings): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: settings.maxNetworkRetries ?? 2, timeout: 20_000, appInfo: { name: 'Ratio' } };
  if (settings.apiBase) {
    const url = new URL(settings.apiBase);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  return new (stripeSdk())(settings.secretKey, config);
}
