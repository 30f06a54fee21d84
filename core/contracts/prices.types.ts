/**
 * Contracts of the market value, P&L and price alert calls (docs/choices.md 45). The API and the site both
 * import them.
 */
import { z } from 'zod';
import { costProblem, dateProblem } from '../cards/rules.ts';
import type { TCountsValue, TProfitTotals } from '../prices.ts';

const rule =
  <T>(problem: (v: T) => string | null) =>
  (v: T, ctx: z.RefinementCtx) => {
    const message = problem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
const ZCents = z.number('must be a number').int('must be a whole number of cents').superRefine(rule(costProblem));

/** POST /api/cards/{slot}/sell. */
export const ZSell = z.object({
  soldCents: ZCents,
  feesCents: ZCents.default(0),
  soldOn: z.string().superRefine(rule(dateProblem)),
});

/** GET /api/cards/realized.csv?year=YYYY. */
export const ZRealizedQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, 'must be a year such as 2026')
    .transform(Number),
});

/** A sold card (docs/choices.md 45). */
export interface TSaleView {
  id: number;
  title: string;
  soldOn: string;
  soldCents: number;
  feesCents: number;
  costCents: number | null;
  /** Sold less fees less cost. */
  gainCents: number;
  roiPercent: number | null;
}

/** A card held, with the value that counts and its unrealized gain. */
export interface THeldView {
  slotNumber: number;
  title: string;
  counts: TCountsValue;
  valueCents: number | null;
  costCents: number | null;
  gainCents: number | null;
  roiPercent: number | null;
}

/** GET /api/cards/profit. */
export interface TProfitAnswer {
  /** The wall's choice of value (a card may choose otherwise). */
  countsValue: TCountsValue;
  totals: TProfitTotals;
  cards: THeldView[];
  sales: TSaleView[];
}

/** POST /api/price-alerts: above/below a figure, or moving more than N% in 7 or 30 days. */
export const ZAlertInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.enum(['above', 'below']), slotNumber: z.number().int().min(1).max(1000), thresholdCents: ZCents, digest: z.boolean().default(false) }),
    z.object({
      kind: z.literal('move'),
      slotNumber: z.number().int().min(1).max(1000),
      percent: z.number('must be a number').gt(0, 'must be more than 0').max(1000, 'must be at most 1000'),
      days: z.union([z.literal(7), z.literal(30)], 'must be 7 or 30'),
      digest: z.boolean().default(false),
    }),
  ],
  'must be above, below or move',
);
export type TAlertInput = z.output<typeof ZAlertInput>;
/** A price alert as a client sends it. */
export type TAlertRequest = z.input<typeof ZAlertInput>;

export interface TAlertView {
  id: number;
  slotNumber: number;
  title: string;
  kind: 'above' | 'below' | 'move';
  thresholdCents: number | null;
  percent: number | null;
  days: number | null;
  digest: boolean;
  lastSentOn: string | null;
}

/** GET /api/admin/prices: per provider, how many cards are matched, stale and failing. */
export interface TAdminPricesAnswer {
  provider: string;
  isMarketData: boolean;
  sources: Array<{ source: string; matched: number; stale: number; failing: number }>;
  unmatched: number;
  failing: number;
}

/** A product a search found, for the collector to pick when fixing a match. */
export interface TProductCandidate {
  id: string;
  name: string;
  setName: string;
}

/** GET /api/cards/:slot/market/search: the provider's products matching the query. */
export interface TMarketSearchAnswer {
  source: string;
  isMarketData: boolean;
  products: TProductCandidate[];
}

/** A price alert's id in a path: plain digits. */
export const ZAlertId = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'is not an alert id')
    .transform(Number),
});

/** GET /api/price-alerts/unsubscribe?token=…: a token that is missing or malformed unsubscribes nothing. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(100).optional().catch(undefined) });
