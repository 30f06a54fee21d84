/**
 * Cell texts as the apps write them, read into what a card's form takes (and written back): dates
 * in any of their spellings, plain dollar amounts, categories.
 */
import { formatCents } from '../../format.ts';

/**
 * A date cell as YYYY-MM-DD: '2025-11-20', '2025-11-20T10:00:00Z', '11/20/2025', '11/20/25'
 * (US order, as PSA and the US apps write them). Text that is no date comes back as it is, for
 * the form's check to name.
 */
export function readDay(cell: string): string {
  const t = cell.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(t);
  const pad = (n: string) => n.padStart(2, '0');
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  if (us) return `${us[3]!.length === 2 ? `20${us[3]}` : us[3]}-${pad(us[1]!)}-${pad(us[2]!)}`;
  return t;
}

/** YYYY-MM-DD as MM/DD/YYYY (PSA's spelling); '' for none. */
export function usDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** Cents as a plain amount the apps write ('67', '67.50'); '' for none. */
export function plainDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return formatCents(cents).replace(/[$,]/g, '');
}

/** An app's category as a sport: 'BASEBALL CARDS' -> 'Baseball', 'TCG Cards' -> 'TCG', 'Pokemon' as it is. */
export function readCategory(cell: string): string {
  const t = cell.trim().replace(/\s+cards?$/i, '');
  if (t !== t.toUpperCase()) return t;
  return t
    .split(/\s+/)
    .map((w) => (w.length <= 3 ? w : w.charAt(0) + w.slice(1).toLowerCase()))
    .join(' ');
}

/** An amount cell divided by a quantity (an app's line total as one card's), as typed text; '' stays ''. */
export function perCard(cell: string, quantity: number): string {
  const t = cell.trim();
  if (!t || quantity <= 1) return t;
  const n = Number(t.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? (Math.round((n / quantity) * 100) / 100).toFixed(2) : t;
}
