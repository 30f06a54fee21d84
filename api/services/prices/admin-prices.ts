import type { Knex } from 'knex';
import { STALE_AFTER_DAYS } from '../../../core/prices.ts';
import { DAY_MS } from '../../../core/limits.ts';
import type { TAdminPricesAnswer } from '../../../core/contracts/prices.types.ts';
import type { PriceProvider } from './provider.ts';

/** Admin (docs/choices.md 45): per price source, how many cards are matched, stale (price older than 7 days) and failing. Read-only. */
export async function adminPrices(opts: { db: Knex; prices: PriceProvider; now: Date }): Promise<TAdminPricesAnswer> {
  const staleBefore = new Date(opts.now.getTime() - STALE_AFTER_DAYS * DAY_MS).toISOString().slice(0, 10);
  const { rows } = await opts.db.raw<{ rows: Array<{ source: string | null; matched: number; stale: number; failing: number; unmatched: number }> }>(
    `SELECT market_source AS source,
            count(*) FILTER (WHERE price_product_id IS NOT NULL)::int AS matched,
            count(*) FILTER (WHERE market_as_of < ?)::int AS stale,
            count(*) FILTER (WHERE market_error IS NOT NULL)::int AS failing,
            count(*) FILTER (WHERE price_match = 'none')::int AS unmatched
       FROM card_slots WHERE price_match IS NOT NULL OR market_error IS NOT NULL GROUP BY market_source ORDER BY market_source NULLS LAST`,
    [staleBefore],
  );
  return {
    provider: await opts.prices.label(),
    isMarketData: opts.prices.isMarketData,
    sources: rows.filter((r) => r.source !== null).map(({ source, matched, stale, failing }) => ({ source: source!, matched, stale, failing })),
    unmatched: rows.reduce((n, r) => n + r.unmatched, 0),
    failing: rows.reduce((n, r) => n + r.failing, 0),
  };
}
