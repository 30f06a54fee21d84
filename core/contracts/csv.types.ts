/**
 * Contracts of value history and CSV export/import (issue 11): request schemas the API validates
 * with and the answers it sends, imported by the API, the site and the CLI.
 */
import { z } from 'zod';
import { MAX_IMPORT_BYTES } from '../csv/limits.ts';
import { HISTORY_RANGES, type THistoryRange } from '../value-history.ts';
import type { TCardDataView } from '../cards/card-data.ts';
import type { TSlotView } from './cards.types.ts';

export { HISTORY_RANGES, MAX_IMPORT_BYTES };
export { MAX_IMPORT_ROWS, PREVIEW_LIST_MAX, PSA_CHECK_MAX } from '../csv/limits.ts';
export type { THistoryRange };

/** GET /api/cards/value-history?range=… */
export const ZHistoryQuery = z.object({ range: z.enum(HISTORY_RANGES, 'must be one of 30d, 90d, 1y, all').default('90d') });

/** One point of a value series: when (ISO) and the value then, in cents. */
export interface TValuePoint {
  at: string;
  cents: number;
}

/** GET /api/cards/{slot}/history: every recorded value of the card in that slot, oldest first. */
export interface TCardHistoryAnswer {
  slotNumber: number;
  points: TValuePoint[];
}

/** GET /api/cards/value-history: the collection's total value over time (a step series). */
export interface TTotalHistoryAnswer {
  range: THistoryRange;
  points: TValuePoint[];
}


/** POST /api/cards/import/preview and POST /api/cards/import: the file's text. */
export const ZImportRequest = z.object({
  csv: z.string().min(1, 'the file is empty').max(MAX_IMPORT_BYTES, `must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`),
});

/** The file layouts an import understands. */
export type TImportFormat = 'ratio' | 'psa';

/** Why a row cannot be imported. */
export type TRowErrorKind = 'bad_value' | 'bad_field' | 'slot_out_of_range' | 'over_limit' | 'duplicate' | 'missing_title' | 'too_long';

/** A row that cannot be imported: its line in the file (the header is line 1) and why. */
export interface TRowError {
  line: number;
  kind: TRowErrorKind;
  message: string;
}

/** A card an import will add: the card fields of a slot and its own fields (those set), and the row's line. */
export interface TImportCard extends Pick<TSlotView, 'slotNumber' | 'title' | 'description' | 'value' | 'valueCents' | 'allTimeHigh' | 'allTimeHighCents'>, TCardDataView {
  line: number;
  /** The preview's check of the cert against PSA (with PSA_API_TOKEN); null when not checked. */
  psa: TPsaCheck | null;
}

/** What PSA says of a row's cert: its record's grade and subject when PSA knows it. */
export type TPsaCheck =
  | { status: 'verified'; grade: string | null; subject: string | null }
  | { status: 'not_found' }
  | { status: 'unavailable' };



/** The preview answer; the import answers the same with `imported` set. */
export interface TImportAnswer {
  format: TImportFormat;
  /** Data rows read (blank lines skipped). */
  rows: number;
  /** Cards that would be (or were) added, in file order; at most PREVIEW_LIST_MAX listed. */
  cards: TImportCard[];
  cardCount: number;
  /** At most PREVIEW_LIST_MAX listed; `errorCount` is the whole number. */
  errors: TRowError[];
  errorCount: number;
  /** Cards written (0 on a preview). */
  imported: number;
}
