/**
 * The price refresh job (docs/choices.md 45, `ratio prices refresh`): looks up every card whose market value
 * was not checked within `staleAfterMs`, one card per transaction, so a run that is killed resumes
 * where it stopped. Paced by the provider (sportscardspro.ts); a 429 waits and tries again; a
 * provider outage keeps every last known value and stops the run, saying so.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { TPriceLookup } from '../../../core/prices.ts';
import type { CardMarket } from '../../../db/models/CardMarket.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { withJobLock } from '../jobs/job-lock.ts';
import { storeFailure, storeRefreshed } from './market-value.ts';
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
  /**
   * Milliseconds the provider was busy (at least one look-up in flight, its pace and 429 waits
   * included) and Ratio spent in its own work (reading the cards, storing the results). The two
   * overlap: look-ups run while earlier cards are stored.
   */
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
  /** Look-ups that may run ahead of the card being stored (LOOKAHEAD when not given; 0: one card at a time). */
  lookahead?: number;
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

/** Look-ups that may run ahead of the card being stored (TRefreshOptions.lookahead's default). */
export const LOOKAHEAD = 3;

/** How one card's look-up ended: its result, or the provider's error after any 429 retries. */
type TLookupResult = { ok: true; lookup: TPriceLookup | null } | { ok: false; error: PriceProviderError };

/** A card's match as its look-up starts. */
type TBefore = Pick<CardMarket, 'match' | 'productId'>;

/** A card whose look-up has started; `result` null when the card was gone by then. */
interface TPending {
  card: CardSlot | null;
  before: TBefore | null;
  result: Promise<TLookupResult | null>;
}

/**
 * A pipeline (docs/choices.md 45): while card N is stored, the look-ups of the next `lookahead`
 * cards are already on their way, each still waiting its turn at the provider's rate limit
 * (sportscardspro.ts), so Ratio's own time per card runs beside the provider's pace instead of
 * after it. Results are stored strictly in the order of the due list, one card per transaction,
 * and progress counts in that order: a killed run resumes at the first card not stored (the
 * look-ups it had in flight are asked again, none is stored twice, none skipped). A card is read
 * as its look-up starts, as it was before the pipeline: an edit of the card between that read and
 * its store (now up to `lookahead` look-ups later, not one) is not seen by this run's store.
 */
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
    const own0 = performance.now();
    const ids = await dueCards(opts, opts.clock());
    report.ownMs += performance.now() - own0;
    report.due = ids.length;
    const maxFailures = opts.maxConsecutiveFailures ?? 3;
    const maxRetries = opts.maxRateLimitRetries ?? 3;
    const lookahead = Math.max(0, opts.lookahead ?? LOOKAHEAD);
    // Set when the run stops (an outage, or an error): no look-up starts after it, and a 429 wait is cut short.
    const stop = new AbortController();

    // The provider's busy time: while at least one look-up is in flight (its pace and 429 waits included).
    let inFlight = 0;
    let busySince = 0;
    const track = async <T>(work: Promise<T>): Promise<T> => {
      if (inFlight++ === 0) busySince = performance.now();
      try {
        return await work;
      } finally {
        if (--inFlight === 0) report.providerMs += performance.now() - busySince;
      }
    };

    const lookUp = async (card: CardSlot, before: TBefore | null): Promise<TLookupResult> => {
      const productId = before?.match === 'none' ? null : (before?.productId ?? null);
      for (let tries = 0; ; tries += 1) {
        try {
          return { ok: true, lookup: await opts.prices.lookup(card, productId) };
        } catch (error) {
          if (!(error instanceof PriceProviderError)) throw error;
          if (error.kind !== 'rate_limited' || tries >= maxRetries || stop.signal.aborted) return { ok: false, error };
          const wait = error.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** (tries + 1));
          try {
            await sleep(wait, undefined, { signal: stop.signal });
          } catch {
            return { ok: false, error };
          }
        }
      }
    };

    const pending: TPending[] = [];
    const started: Array<Promise<unknown>> = [];
    let next = 0;
    /** Starts look-ups until `ahead` of them are pending, reading each card as its look-up starts. */
    const fill = async (ahead: number) => {
      while (!stop.signal.aborted && next < ids.length && pending.length < ahead) {
        const id = ids[next++]!;
        const t0 = performance.now();
        // The card and its match in one read.
        const row = (await CardSlot.query(opts.db)
          .leftJoin('card_market', 'card_market.cardId', 'card_slots.id')
          .select('card_slots.*', 'card_market.match as marketMatch', 'card_market.productId as marketProductId')
          .where('card_slots.id', id)
          .first()) as (CardSlot & { marketMatch: CardMarket['match']; marketProductId: string | null }) | undefined;
        const card = row ?? null;
        const before = row ? { match: row.marketMatch, productId: row.marketProductId } : null;
        report.ownMs += performance.now() - t0;
        const result = card ? track(lookUp(card, before)) : Promise.resolve(null);
        // Never an unhandled rejection: a look-up's own error is thrown when its card's turn comes.
        result.catch(() => undefined);
        started.push(result);
        pending.push({ card, before, result });
      }
    };

    let consecutive = 0;
    let done = 0;
    opts.onProgress?.(0, ids.length);
    try {
      for (;;) {
        // The card to store next and the `lookahead` after it are on their way before it is stored.
        await fill(lookahead + 1);
        const item = pending.shift();
        if (!item) break;
        const result = await item.result;
        const t0 = performance.now();
        if (item.card && result?.ok) {
          const outcome = await storeRefreshed(opts.db, item.card, item.before, result.lookup, opts.clock());
          if (outcome === 'priced') report.priced += 1;
          else if (outcome === 'no_match') report.noMatch += 1;
          else report.noPrice += 1;
          consecutive = 0;
        } else if (item.card && result && !result.ok) {
          await storeFailure(opts.db, item.card, result.error);
          report.failed += 1;
          consecutive += 1;
          if (consecutive >= maxFailures) report.outage = result.error.message;
        }
        report.ownMs += performance.now() - t0;
        done += 1;
        opts.onProgress?.(done, ids.length);
        // Stopped at an outage: the look-ups already in flight are not stored, not even good ones, so
        // the run leaves exactly what a run one card at a time would have (their cards stay due, the
        // next run asks for them again) and the report counts only the cards it stored.
        if (report.outage) break;
      }
    } finally {
      stop.abort();
      // Nothing runs after the job returns: the look-ups still in flight settle first (unstored).
      await Promise.allSettled(started);
    }
  });
  if (!locked.ran) report.ran = false;
  return report;
}
