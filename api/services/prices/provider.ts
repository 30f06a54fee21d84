/**
 * The price provider seam (docs/choices.md 45), like billing's: SportsCardsPro's API
 * (sportscardspro.ts) or a price list (price-list.ts: the operator's, or the embedded default).
 * Services, routes and the refresh job talk only to this interface.
 */
import type { TCardIdentity, TPriceLookup } from '../../../core/prices.ts';

/** What a provider needs of a card. */
export interface TLookupCard extends TCardIdentity {
  grader: string | null;
  grade: number | null;
  certNumber: string | null;
}

/** A product a search found, for the collector to pick when fixing a match. */
export interface TProductCandidate {
  id: string;
  name: string;
  setName: string;
}

export type TPriceProviderName = 'sportscardspro' | 'price-list';

/** Why a look-up failed. The last known value stays whatever the reason. */
export class PriceProviderError extends Error {
  /** rate_limited: 429; unavailable: timeout, network or 5xx; bad_answer: an answer Ratio cannot read. */
  readonly kind: 'rate_limited' | 'unavailable' | 'bad_answer';
  /** For rate_limited: how long the provider asked to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | null;
  constructor(kind: PriceProviderError['kind'], message: string, options: { retryAfterMs?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'PriceProviderError';
    this.kind = kind;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

export interface PriceProvider {
  readonly name: TPriceProviderName;
  /** Shown beside values: 'SportsCardsPro', or the name of the price list in use (the imported one, else the sample). */
  label(): Promise<string>;
  /** False for price lists: their figures are never presented as market data. */
  readonly isMarketData: boolean;
  /** Requests a second the provider allows; the refresh job paces itself by it. */
  readonly ratePerSecond: number;
  /** Products whose name fits the text (the collector fixing a match). */
  search(query: string): Promise<TProductCandidate[]>;
  /**
   * The card's prices: of `productId` when given (a kept or fixed match), else of the product that
   * matches the card by year, set, number, subject and variety. Null when no product fits.
   */
  lookup(card: TLookupCard, productId?: string | null): Promise<TPriceLookup | null>;
}
