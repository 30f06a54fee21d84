/**
 * The price refresh job (docs/choices.md 45, `ratio prices refresh`): looks up every card whose market value
 * was not checked within `staleAfterMs`, one card per transaction, so a run that is killed resumes
 * where it stopped. Paced by the provider (sportscardspro.ts); a 429 waits and tries again; a
 * provider outage keeps every last known value and stops the run, saying so.
 */
import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { withJobLock } from '../jobs/job-lock.ts';
import { marketOf } from './card-market.ts';
import { storeFailure, storeLookup } from './market-value.ts';
import { PriceProviderError, type PriceProvider } from './provider.ts';

/** Advisory lock key of the refresh job (two runs never overlap). */
export const REFRESH_LOCK_KEY = 250_001;

export interface TRefreshReport {
  ran: boolean;
  provider: string;
  /** Cards due at the start. */
  due: number;
  priced: number;
  noMatch: number;
  noPrice: number;
  failed: number;
  /** Set when the run stopped because the provider kept failing: its last error. */
  outage: string | null;
  /** Milliseconds spent waiting for the provider (its pace included) and in Ratio's own work. */
  providerMs: number;
  ownMs: number;
}

export interface TRefreshOptions {
  db: Knex;
  prices: PriceProvider;
  clock: () => Date;
  /** Only this account's cards. */
  email?: string | undefined;
  /** Cards checked more recently than this are skipped. */
  staleAfterMs: number;
  onProgress?: (done: number, total: number) => void;
  /** Consecutive failures that count as an outage and stop the run. */
  maxConsecutiveFailures?: number;
  /** Tries of one card the provider rate-limits. */
  maxRateLimitRetries?: number;
}

/** The ids of the cards due, oldest check first (never-checked first), then by id. */
async function dueCards(opts: TRefreshOptions, now: Date): Promise<number[]> {
  const q = CardSlot.query(opts.db)
    .select('card_slots.id')
    .leftJoin('card_market', 'card_market.cardId', 'card_slots.id')
    .where((w) => void w.whereNull('card_market.checkedAt').orWhere('card_market.checkedAt', '<', new Date(now.getTime() - opts.staleAfterMs)))
    .where(
      (w) =>
        void w
          .whereNotNull('card_market.productId')
          .orWhere(
            (s) =>
              void s
                .whereNotNull('card_slots.subject')
                .where((o) => void o.whereNotNull('card_slots.year').orWhereNotNull('card_slots.set').orWhereNotNull('card_slots.cardNumber')),
          ),
    )
    .orderByRaw('card_market.checked_at ASC NULLS FIRST, card_slots.id ASC');
  if (opts.email) q.join('users', 'users.id', 'card_slots.userId').where('users.email', opts.email.toLowerCase());
  return (await q).map((r) => Number(r.id));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function refreshPrices(opts: TRefreshOptions): Promise<TRefreshReport> {
  const report: TRefreshReport = {
    ran: true,
    provider: await opts.prices.label(),
    due: 0,
    priced: 0,
    noMatch: 0,
    noPrice: 0,
    failed: 0,
    outage: null,
    providerMs: 0,
    ownMs: 0,
  };
  const locked = await withJobLock(opts.db, REFRESH_LOCK_KEY, async () => {
    const started = performance.now();
    const ids = await dueCards(opts, opts.clock());
    report.due = ids.length;
    const maxFailures = opts.maxConsecutiveFailures ?? 3;
    let consecutive = 0;
    let done = 0;
    opts.onProgress?.(0, ids.length);
    for (const id of ids) {
      const card = await CardSlot.query(opts.db).findById(id);
      if (card) {
        const before = await marketOf(opts.db, id);
        let tries = 0;
        for (;;) {
          const t0 = performance.now();
          try {
            const productId = before?.match === 'none' ? null : (before?.productId ?? null);
            const lookup = await opts.prices.lookup(card, productId);
            report.providerMs += performance.now() - t0;
            const { outcome } = await storeLookup(opts.db, card, before, lookup, opts.clock());
            if (outcome === 'priced') report.priced += 1;
            else if (outcome === 'no_match') report.noMatch += 1;
            else report.noPrice += 1;
            consecutive = 0;
            break;
          } catch (error) {
            report.providerMs += performance.now() - t0;
            if (!(error instanceof PriceProviderError)) throw error;
            if (error.kind === 'rate_limited' && tries < (opts.maxRateLimitRetries ?? 3)) {
              tries += 1;
              const wait = error.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** tries);
              const w0 = performance.now();
              await sleep(wait);
              report.providerMs += performance.now() - w0;
              continue;
            }
            await storeFailure(opts.db, card, error);
            report.failed += 1;
            consecutive += 1;
            if (consecutive >= maxFailures) report.outage = error.message;
            break;
          }
        }
      }
      done += 1;
      opts.onProgress?.(done, ids.length);
      if (report.outage) break;
    }
    report.ownMs = performance.now() - started - report.providerMs;
  });
  if (!locked.ran) report.ran = false;
  return report;
}
