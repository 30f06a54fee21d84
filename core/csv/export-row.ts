/**
 * The rows of an export (docs/choices.md 29, 40): a card as the cells of a layout Ratio writes,
 * formula-escaped. Pure: the API service and the CLI write these rows with csv-stringify.
 */
import type { TSlotView } from '../contracts/cards.types.ts';
import { escapeCell } from './escape.ts';
import type { TWriteContext, TWriteLayout } from './layouts/layout.ts';
import { RATIO_COLUMNS, ratioLayout } from './layouts/ratio.ts';

export { centsCell } from './money.ts';

/** Ratio's own export's header, in order; the import reads Ratio's files by these names. */
export const EXPORT_COLUMNS = RATIO_COLUMNS;

/**
 * One card's cells in `layout` (Ratio's own by default), formula-escaped. The context's
 * `imageLink` turns the card's image path into a URL the owner can open (signed in).
 */
export function exportRow(card: TSlotView, context: TWriteContext, layout: TWriteLayout = ratioLayout): string[] {
  return layout.row(card, context).map(escapeCell);
}
