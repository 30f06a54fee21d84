/**
 * Market values (docs/choices.md 45): which price of a provider's product fits a card, when a price is
 * stale, which value counts in totals, and gain/loss. Pure and shared by the API, the site and the
 * CLI; all money in integer cents.
 */
import { DAY_MS } from './limits.ts';
import { formatCents } from './format.ts';

/** Which value of a card counts in totals: what the collector typed, or the market price. */
export const COUNTS_VALUES = ['own', 'market'] as const;
export type TCountsValue = (typeof COUNTS_VALUES)[number];

/** A market value older than this many days carries a stale badge. */
export const STALE_AFTER_DAYS = 7;

/**
 * One price of a product: for a grader and a grade (`grader` null: any grader at that grade, as
 * SportsCardsPro's Grade 7..9.5 tiers; `grade` null: the ungraded card).
 */
export interface TGradePrice {
  grader: string | null;
  grade: number | null;
  cents: number;
}

/** What a provider answers for a card. */
export interface TPriceLookup {
  product: { id: string; name: string };
  prices: TGradePrice[];
  /** YYYY-MM-DD: the day the prices are of. */
  asOf: string;
  /** The provider's name as shown beside the value ('SportsCardsPro', or the price list's name). */
  source: string;
  /** False for a price list an operator imported or the embedded default: never shown as market data. */
  isMarketData: boolean;
}

/** The price chosen for a card: exact, or the nearest grade's (`estimatedFrom` says which). */
export interface TChosenPrice {
  cents: number;
  /** The grade label the price is of: 'PSA 10', 'Grade 9', 'Ungraded'. */
  label: string;
  /** The grade the price was taken from when the card's own grade had none; null when exact. */
  estimatedFrom: number | null;
}

/** A price's grade as a label: 'PSA 10', 'Grade 9.5', 'Ungraded'. */
export function gradeLabel(p: Pick<TGradePrice, 'grader' | 'grade'>): string {
  if (p.grade === null) return 'Ungraded';
  return p.grader ? `${p.grader} ${p.grade}` : `Grade ${p.grade}`;
}

/**
 * The price at the card's grader and grade: the grader's own price at that grade first, then the
 * any-grader price at that grade; else the nearest grade's price (the grader's own or any
 * grader's; a tie takes the lower grade, the cautious figure), marked as estimated. A raw card (or
 * one without a grader) takes the ungraded price. Null when nothing fits.
 */
export function choosePrice(card: { grader: string | null; grade: number | null }, prices: readonly TGradePrice[]): TChosenPrice | null {
  const usable = prices.filter((p) => Number.isSafeInteger(p.cents) && p.cents > 0);
  const graded = card.grader !== null && card.grader !== 'raw';
  if (!graded || card.grade === null) {
    if (graded) return null;
    const raw = usable.find((p) => p.grade === null);
    return raw ? { cents: raw.cents, label: gradeLabel(raw), estimatedFrom: null } : null;
  }
  const fits = usable.filter((p) => p.grade !== null && (p.grader === null || p.grader === card.grader));
  const exact = fits.find((p) => p.grade === card.grade && p.grader === card.grader) ?? fits.find((p) => p.grade === card.grade && p.grader === null);
  if (exact) return { cents: exact.cents, label: gradeLabel(exact), estimatedFrom: null };
  let best: TGradePrice | null = null;
  for (const p of fits) {
    const d = Math.abs(p.grade! - card.grade);
    const bestD = best ? Math.abs(best.grade! - card.grade) : Infinity;
    if (d < bestD || (d === bestD && best && (p.grade! < best.grade! || (p.grade === best.grade && p.grader !== null)))) best = p;
  }
  return best ? { cents: best.cents, label: gradeLabel(best), estimatedFrom: best.grade } : null;
}

/** 'estimated from grade 9' when the price is of another grade; null when exact. */
export function estimateNote(estimatedFrom: number | null): string | null {
  return estimatedFrom === null ? null : `estimated from grade ${estimatedFrom}`;
}

/** True when a market value as of `asOf` (YYYY-MM-DD) is more than 7 days old at `now`, counted in whole UTC days. */
export function isStale(asOf: string | null, now: Date): boolean {
  if (!asOf) return false;
  const t = Date.parse(`${asOf.slice(0, 10)}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(t) && Math.round((today - t) / DAY_MS) > STALE_AFTER_DAYS;
}

/** The card's choice, or the wall's when the card has none. */
export function countsValueOf(card: { countsValue?: TCountsValue | null | undefined }, wall: TCountsValue): TCountsValue {
  return card.countsValue ?? wall;
}

/**
 * The value that counts in totals: the market value when market counts and the card has one, else
 * the collector's own value (null when neither has a number).
 */
export function countedCents(
  card: { valueCents: number | null; marketCents?: number | null | undefined; countsValue?: TCountsValue | null | undefined },
  wall: TCountsValue,
): number | null {
  if (countsValueOf(card, wall) === 'market' && card.marketCents != null) return card.marketCents;
  return card.valueCents;
}

/** Gain on a card still held: counted value minus cost; null without both. */
export function unrealizedGainCents(valueCents: number | null, costCents: number | null): number | null {
  return valueCents === null || costCents === null ? null : valueCents - costCents;
}

/** Gain on a sale: price less fees less cost (a sale with no cost counts its cost as 0). */
export function realizedGainCents(sale: { soldCents: number; feesCents: number; costCents: number | null }): number {
  return sale.soldCents - sale.feesCents - (sale.costCents ?? 0);
}

/** Return on investment in percent, to one decimal; null without a cost. */
export function roiPercent(gainCents: number | null, costCents: number | null): number | null {
  if (gainCents === null || !costCents) return null;
  return Math.round((gainCents / costCents) * 1000) / 10;
}

export interface TProfitTotals {
  /** Cost of the cards held that have both a cost and a value. */
  heldCostCents: number;
  heldValueCents: number;
  unrealizedCents: number;
  soldCostCents: number;
  realizedCents: number;
  /** realized + unrealized, in integer cents. */
  totalGainCents: number;
  roiPercent: number | null;
}

/** The collection's P&L: unrealized over the held cards with a cost and a value, realized over the sales. */
export function profitTotals(
  held: ReadonlyArray<{ valueCents: number | null; costCents: number | null }>,
  sales: ReadonlyArray<{ soldCents: number; feesCents: number; costCents: number | null }>,
): TProfitTotals {
  let heldCostCents = 0;
  let heldValueCents = 0;
  for (const c of held) {
    if (c.valueCents === null || c.costCents === null) continue;
    heldCostCents += c.costCents;
    heldValueCents += c.valueCents;
  }
  let soldCostCents = 0;
  let realizedCents = 0;
  for (const s of sales) {
    soldCostCents += s.costCents ?? 0;
    realizedCents += realizedGainCents(s);
  }
  const unrealizedCents = heldValueCents - heldCostCents;
  const totalGainCents = realizedCents + unrealizedCents;
  return {
    heldCostCents,
    heldValueCents,
    unrealizedCents,
    soldCostCents,
    realizedCents,
    totalGainCents,
    roiPercent: roiPercent(totalGainCents, heldCostCents + soldCostCents),
  };
}

/** Words of a card's identity, lowercased, punctuation dropped ('#' and '/' kept): for keys and queries. */
function words(parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#/.\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What identifies a card for matching: year, set, number, subject, variety. */
export interface TCardIdentity {
  year: string | null;
  set: string | null;
  cardNumber: string | null;
  subject: string | null;
  variety: string | null;
}

/**
 * A card's key in a price list: its year, set, '#number', subject and variety in lower case, e.g.
 * '2018 topps chrome #193 shohei ohtani refractor'. Lists may also key a card by its cert number.
 */
export function cardKey(card: TCardIdentity): string {
  return words([card.year, card.set, card.cardNumber ? `#${card.cardNumber}` : null, card.subject, card.variety]);
}

/** A price list's key as an operator typed it, read the same way as cardKey. */
export function normalizeCardKey(text: string): string {
  return words([text]);
}

/** The product search text for a card: subject, year, set, #number, variety. */
export function searchQuery(card: TCardIdentity): string {
  return [card.subject, card.year, card.set, card.cardNumber ? `#${card.cardNumber}` : null, card.variety]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * How well a product's name and set fit a card, 0..1: the share of the card's identity words found
 * in them, with the card number required when the card has one. Used to pick among search answers.
 */
export function matchScore(card: TCardIdentity, product: { name: string; setName: string }): number {
  const hay = ` ${words([product.name, product.setName])} `;
  if (card.cardNumber && !hay.includes(` #${card.cardNumber.toLowerCase()} `) && !hay.includes(` ${card.cardNumber.toLowerCase()} `)) return 0;
  const wanted = words([card.year, card.set, card.subject, card.variety]).split(' ').filter(Boolean);
  if (wanted.length === 0) return 0;
  const found = wanted.filter((w) => hay.includes(` ${w} `)).length;
  // A product of a variety the card does not name ('[Refractor]') fits a plain card less well.
  const variety = /\[([^\]]+)\]/.exec(product.name)?.[1];
  const own = ` ${words([card.variety])} `;
  const otherVariety =
    variety !== undefined
    && !words([variety])
      .split(' ')
      .every((w) => own.includes(` ${w} `));
  return (found / wanted.length) * (otherVariety ? 0.5 : 1);
}

/** The least score a search answer needs to be taken as the card's product without the collector. */
export const MIN_MATCH_SCORE = 0.75;

/** A price alert's rule in words: 'Above $4,000', 'Below $900', 'Moves more than 10% in 7 days'. */
export function alertRuleText(rule: { kind: 'above' | 'below' | 'move'; thresholdCents: number | null; percent: number | null; days: number | null }): string {
  if (rule.kind === 'move') return `Moves more than ${rule.percent ?? 0}% in ${rule.days ?? 7} days`;
  return `${rule.kind === 'above' ? 'Above' : 'Below'} ${formatCents(rule.thresholdCents ?? 0)}`;
}
