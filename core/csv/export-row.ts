/**
 * The rows of Ratio's CSV export (issue 11): every card with its slot, title, description, value
 * and all-time high as typed and as numbers, slab facts, dates and an image link. Pure: the API
 * service and the CLI write these rows with csv-stringify.
 */
import type { TSlotView } from '../contracts/cards.types.ts';
import { escapeCell } from './escape.ts';
import { slabFacts } from './slab.ts';

/** The export's header, in order; the import reads our files by these names. */
export const EXPORT_COLUMNS = [
  'Slot', 'Title', 'Description', 'Value', 'Value (USD)', 'All-Time High', 'All-Time High (USD)',
  'Grader', 'Grade', 'Cert Number', 'Added', 'Updated', 'Image',
] as const;

/** Cents as a plain dollar amount a spreadsheet reads as a number ('1250.50'); '' for none. */
export function centsCell(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * One card's cells, formula-escaped. `imageLink` turns the card's image path into a URL the owner
 * can open (signed in); '' when the card has no photo.
 */
export function exportRow(card: TSlotView, imageLink: (path: string) => string): string[] {
  const slab = slabFacts(card.description, card.title);
  const cells = [
    String(card.slotNumber), card.title, card.description,
    card.value ?? '', centsCell(card.valueCents), card.allTimeHigh ?? '', centsCell(card.allTimeHighCents),
    slab.grader ?? '', slab.grade ?? '', slab.certNumber ?? '',
    card.createdAt ?? '', card.updatedAt ?? '', card.originalUrl ? imageLink(card.originalUrl) : '',
  ];
  return cells.map(escapeCell);
}
