/**
 * US English number and date text, as Intl's 'en-US' writes it, without Intl: a browser pays
 * 40-90 ms for its first Intl formatter in a fresh page (ICU's set-up, measured in this machine's
 * Chromium), and /gallery's first screen would pay it for a count and a value badge (docs/choices.md 34).
 * core/format.test.ts holds each function to Intl's own output.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A whole number's digits in groups of three: 1234567 -> '1,234,567' (no sign). */
function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count as 'en-US' writes it: 1234 -> '1,234', -5 -> '-5' (a fraction is rounded to a whole number). */
export function formatCount(n: number): string {
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole > 0 ? '-' : ''}${groupDigits(whole)}`;
}

/** Cents as US dollars: '$1,250' for whole dollars, '$1,250.50' otherwise, '-$3.10' below zero. */
export function formatCents(cents: number): string {
  const abs = Math.round(Math.abs(cents));
  const dollars = groupDigits(Math.floor(abs / 100));
  const rest = abs % 100;
  return `${cents < 0 && abs > 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** A day in the reader's time zone as 'en-US' writes it short: 'Dec 23, 2026' ('Invalid Date' for none). */
export function formatShortDate(date: Date | string | number): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}
