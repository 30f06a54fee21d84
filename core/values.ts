/**
 * Card values (docs/product.md §3, §5, §9; docs/choices.md 5). Users type values as free text ('$1,250.50');
 * every total, average and ratio is computed here, in integer cents, by one implementation that
 * the site, the API and the CLI share.
 */
import { formatCents } from './format.ts';

/**
 * Parses a typed value into integer cents by the spec's rule: `$` and commas (and surrounding
 * spaces) are removed and the rest must read as a plain, non-negative decimal number.
 * Returns null for anything else ('', 'n/a', '1.5k', '-3'): such a value "has no number".
 */
export function parseValueCents(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const stripped = text.replace(/[$,\s]/g, '');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(stripped)) return null;
  const cents = Math.round(Number(stripped) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Sum of the parsed values in cents; values without a number count as 0. */
export function totalCents(values: ReadonlyArray<string | null | undefined>): number {
  let sum = 0;
  for (const value of values) sum += parseValueCents(value) ?? 0;
  return sum;
}

/** How many of the values parse to a number (the "n VALUED" of the gallery registry). */
export function valuedCount(values: ReadonlyArray<string | null | undefined>): number {
  return values.filter((value) => parseValueCents(value) !== null).length;
}

/**
 * The anonymous wall's average (docs/product.md §9): total divided by the number of cards, rounded to whole
 * dollars, and 0 with no cards. Unvalued cards count in the divisor as 0 (docs/product.md §5).
 */
export function roundedMeanCents(values: ReadonlyArray<string | null | undefined>): number {
  if (values.length === 0) return 0;
  return Math.round(totalCents(values) / values.length / 100) * 100;
}

/** Summary figures of a set of cards, all from one pass over the same rule. */
export interface TValueStats {
  count: number;
  valued: number;
  totalCents: number;
  averageCents: number;
}

/** Items, valued count, total and rounded mean of a list of typed values. */
export function valueStats(values: ReadonlyArray<string | null | undefined>): TValueStats {
  return {
    count: values.length,
    valued: valuedCount(values),
    totalCents: totalCents(values),
    averageCents: roundedMeanCents(values),
  };
}

/** The typed value shown as money when it parses ('1250.5' -> '$1,250.50'), else null. */
export function formatValueText(text: string | null | undefined): string | null {
  const cents = parseValueCents(text);
  return cents === null ? null : formatCents(cents);
}
