/**
 * What a file layout is to the import and the export (issue 23 §2): how to know it by its header,
 * how to read one of its rows into a card, and (for the layouts Ratio writes) its header and how to
 * write a card as a row. One file per layout beside this one.
 */
import type { TSlotView } from '../../contracts/cards.types.ts';
import type { TCardForm } from '../../cards/form.ts';

/** A header name reduced to letters and digits ('All-Time High (USD)' -> 'alltimehighusd'). */
export const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** One data row of a file: `cell('Cert Number')` gives a column's text (trimmed, '' when absent). */
export interface TRowCells {
  cell(...names: string[]): string;
  /** True when the file has a column of one of these names. */
  has(...names: string[]): boolean;
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
  /** How many copies of the card the row stands for (1 unless the layout has a quantity). */
  quantity?: string;
}

/** A layout the import reads. */
export interface TReadLayout {
  /** Its name in the preview, e.g. 'PSA My Collection export'. */
  name: string;
  /** True when a file with these header names (squashed) is in this layout. */
  detect(names: ReadonlySet<string>): boolean;
  read(row: TRowCells): TLayoutRow;
}

/** A layout Ratio also writes (the export). */
export interface TWriteLayout {
  header: readonly string[];
  /** A card's cells, in header order, not yet formula-escaped. `imageLink` makes the photo's URL. */
  row(card: TSlotView, imageLink: (path: string) => string): string[];
}
