/**
 * What a file layout is to the import and the export (docs/choices.md 40): how to know it by its header,
 * how to read one of its rows into a card, and (for the layouts Ratio writes) its header and how to
 * write a card as a row. One file per layout beside this one.
 */
import type { TSlotView } from '../../contracts/cards.types.ts';
import type { TCardForm } from '../../cards/form.ts';
import type { TCountsValue } from '../../prices.ts';

/** A header name reduced to letters and digits ('All-Time High (USD)' -> 'alltimehighusd'). */
export const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** One data row of a file: `cell('Cert Number')` gives a column's text (trimmed, '' when absent). */
export interface TRowCells {
  cell(...names: string[]): string;
  /** True when the file has a column of one of these names. */
  has(...names: string[]): boolean;
  /** The cell of the first column whose squashed name starts with `prefix` (a header that carries a date). */
  cellStarting(prefix: string): string;
}

/** A row as a layout reads it, before the shared checks (core/csv/import-rows.ts). */
export interface TLayoutRow {
  /** The slot the row asks for ('' to leave it to the import). */
  slot: string;
  /** Typed text, only in Ratio's own files (kept as it was written: a round trip is identical). */
  title?: string;
  description?: string;
  /** The value as written, and the file's plain number for it when it has one (Ratio: 'Value (USD)'). */
  value: string;
  valueNumber?: string | null;
  allTimeHigh?: string;
  allTimeHighNumber?: string | null;
  /** The card's fields as text, by form input (core/cards/form.ts); a field left out is not set by the file. */
  fields: Partial<TCardForm>;
  /** How many copies of the card the row stands for ('' for one). */
  quantity?: string;
  /** Why the row is no card of the collection (sold, on a watchlist): it is listed, never added. */
  notOwned?: string;
}

/** The layouts the import knows by their header; 'mapped' is a file read by the collector's own mapping. */
export type TLayoutId = 'ratio' | 'psa-collection' | 'collectr' | 'card-ladder' | 'collx' | 'psa' | 'mapped';

/** A layout the import reads. */
export interface TReadLayout {
  id: TLayoutId;
  /** Its name in the preview, e.g. 'PSA My Collection export'. */
  name: string;
  /** Cell texts that mean "nothing" in this layout ('-' in PSA's). */
  empty?: ReadonlySet<string>;
  /** True when a file with these header names (squashed) is in this layout. */
  detect(names: ReadonlySet<string>): boolean;
  read(row: TRowCells): TLayoutRow;
}

/** What writing a row needs besides the card. */
export interface TWriteContext {
  /** The card's photo path as a URL the signed-in owner opens. */
  imageLink(path: string): string;
  now: Date;
  /** Which value of the wall's cards counts in totals (a card may choose otherwise): gain columns use it. */
  countsValue: TCountsValue;
}

/** A sold card's sale (docs/choices.md 45), for the layouts with sold columns. */
export interface TSoldFacts {
  soldOn: string;
  soldCents: number;
  feesCents: number;
  costCents: number | null;
}

/** A layout Ratio also writes (the export). */
export interface TWriteLayout {
  id: TLayoutId;
  name: string;
  /** The file's name before its date: 'ratio-cards', 'psa-my-collection'. */
  fileName: string;
  header(now: Date): readonly string[];
  /** A card's cells, in header order, not yet formula-escaped. */
  row(card: TSlotView, context: TWriteContext): string[];
  /** A sold card's cells, for a layout with sold columns (PSA's); a layout without leaves sold cards out. */
  soldRow?(card: TSlotView, sale: TSoldFacts, context: TWriteContext): string[];
}
