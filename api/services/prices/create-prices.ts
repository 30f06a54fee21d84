import type { Knex } from 'knex';
import { priceProvider, type TEnv } from '../../env.ts';
import { createPriceListProvider } from './price-list.ts';
import type { PriceProvider } from './provider.ts';
import { createSportsCardsPro } from './sportscardspro.ts';

/** The price provider the settings choose (api/env.ts priceProvider): SportsCardsPro, or the price list. */
export function createPrices(env: TEnv, deps: { db: Knex; clock: () => Date }, options: { fetch?: typeof fetch } = {}): PriceProvider {
  if (priceProvider(env) === 'sportscardspro' && env.SPORTSCARDSPRO_TOKEN) {
    return createSportsCardsPro({
      token: env.SPORTSCARDSPRO_TOKEN,
      baseUrl: env.SPORTSCARDSPRO_BASE_URL,
      timeoutMs: env.PRICES_TIMEOUT_SECONDS * 1000,
      ratePerSecond: env.PRICES_RATE_PER_SECOND,
      clock: deps.clock,
      fetch: options.fetch,
    });
  }
  return createPriceListProvider(deps.db);
}
