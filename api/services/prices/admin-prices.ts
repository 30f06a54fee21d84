import type { Knex } from 'knex';
import { STALE_AFTER_DAYS } from '../../../core/prices.ts';
import { DAY_MS } from '../../../core/limits.ts';
import type { TAdminPricesAnswer } from '../../../core/contracts/prices.types.ts';
import type { PriceProvider } from './provider.ts';

/** Admin (docs/choices.md 45): per price source, how many cards are matched, stale (price older than 7 days) and failing. Read-only. */
export async function adminPrices(opts: { db: Knex; prices: PriceProvider; now: Date }): Promise<TAdminPricesAnswer> {
  const staleBefore = new Date(opts.now.getTime() - STALE_AFTER_DAYS * DAY_MS).toISOString().slice(0, 10);
  const { rows } = await opts.db.raw<{ rows: Array<{ source: string | null; matched: number; stale: number; failing: number; unmatched: number }> }>(
    `SELECT source,
            count(*) FILTER (WHERE product_id IS NOT NULL)::int AS matched,
            count(*) FILTER (WHERE as_of < ?)::int AS stale,
            count(*) FILTER (WHERE error IS NOT NULL)::int AS failing,
            count(*) FILTER (WHERE match = 'none')::int AS unmatched
       FROM card_market WHERE match IS NOT NULL OR error IS NOT NULL GROUP BY source ORDER BY source NULLS LAST`,
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
