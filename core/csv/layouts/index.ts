/**
 * Every file layout: those the import knows by their header (tried in this order: the most
 * particular first), and those Ratio writes. Plain data: the site lists the export layouts too.
 */
import { cardLadderLayout } from './card-ladder.ts';
import { collectrLayout } from './collectr.ts';
import { collxLayout } from './collx.ts';
import { psaCollectionLayout } from './psa-collection.ts';
import { psaStyleLayout } from './psa-style.ts';
import { ratioLayout } from './ratio.ts';
import type { TReadLayout, TWriteLayout } from './layout.ts';

/** The layouts an import recognises by their header, in the order they are tried. */
export const READ_LAYOUTS: readonly TReadLayout[] = [ratioLayout, psaCollectionLayout, collectrLayout, cardLadderLayout, collxLayout, psaStyleLayout];

/** The layouts Ratio writes, by id (GET /api/cards/export.csv?layout=…). */
export const WRITE_LAYOUTS = {
  ratio: ratioLayout,
  'psa-collection': psaCollectionLayout,
  collectr: collectrLayout,
  'card-ladder': cardLadderLayout,
  collx: collxLayout,
} as const satisfies Record<string, TWriteLayout>;
