/**
 * Contracts of value history and CSV export/import (docs/choices.md 29): request schemas the API validates
 * with and the answers it sends, imported by the API, the site and the CLI.
 */
import { z } from 'zod';
import { MAX_IMPORT_BYTES } from '../csv/limits.ts';
import type { TCardDataView } from '../cards/card-data.ts';
import type { TSlotView } from './cards.types.ts';
import type { TLayoutId } from '../csv/layouts/layout.ts';
import { MAP_FIELDS, type TColumnMapping, type TMapField } from '../csv/layouts/mapped.ts';
import { EXPORT_LAYOUTS, type TExportLayout } from '../csv/export-layouts.ts';

export { EXPORT_LAYOUTS, type TExportLayout };

export { MAX_IMPORT_BYTES };
export { MAX_IMPORT_ROWS, PREVIEW_LIST_MAX, PSA_CHECK_MAX } from '../csv/limits.ts';

import { HISTORY_RANGES, type THistoryRange } from '../history-ranges.ts';

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
  /** The values the collector typed. */
  points: TValuePoint[];
  /** The market values the price refresh recorded (docs/choices.md 45). */
  market: TValuePoint[];
}

/** GET /api/cards/value-history: the collection's total value over time (a step series). */
export interface TTotalHistoryAnswer {
  range: THistoryRange;
  points: TValuePoint[];
  /** The change in value of the cards held over the range, apart from cards added in it (core/value-history.ts valueChange). */
  change: { heldCents: number; addedCents: number; addedCount: number };
}

/** A column mapping as a request carries it (core/csv/layouts/mapped.ts). */
export const ZColumnMapping = z.partialRecord(z.enum(MAP_FIELDS), z.string().max(200, 'a column name is at most 200 characters'));

/**
 * POST /api/cards/import/preview and POST /api/cards/import: the file's text; for a file whose
 * layout Ratio does not know, which column holds what; and for the import, whether to add the
 * good rows when some cannot be read (else any row error imports nothing).
 */
export const ZImportRequest = z.object({
  csv: z
    .string()
    .min(1, 'the file is empty')
    .max(MAX_IMPORT_BYTES, `must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`),
  mapping: ZColumnMapping.optional(),
  onlyValid: z.boolean('must be true or false').optional(),
});

/** GET /api/cards/export.csv?layout=…: the layout to write (Ratio's own by default). */
export const ZExportQuery = z.object({ layout: z.enum(EXPORT_LAYOUTS, `must be one of ${EXPORT_LAYOUTS.join(', ')}`).default('ratio') });

/** The file layouts an import understands. */
export type TImportFormat = TLayoutId;
export type { TColumnMapping, TMapField };
export { MAP_FIELDS };

/** Why a row cannot be imported. */
export type TRowErrorKind = 'bad_value' | 'bad_field' | 'slot_out_of_range' | 'over_limit' | 'duplicate' | 'missing_title' | 'too_long' | 'not_owned';

/** A row that cannot be imported: its line in the file (the header is line 1) and why. */
export interface TRowError {
  line: number;
  kind: TRowErrorKind;
  message: string;
}

/** A row whose card is already on the wall (its cert, or the same row imported before): left out. */
export interface TRowNote {
  line: number;
  message: string;
}

/** A card an import will add: the card fields of a slot and its own fields (those set), and the row's line. */
export interface TImportCard
  extends Pick<TSlotView, 'slotNumber' | 'title' | 'description' | 'value' | 'valueCents' | 'allTimeHigh' | 'allTimeHighCents'>, TCardDataView {
  line: number;
  /** The preview's check of the cert against PSA (with PSA_API_TOKEN); null when not checked. */
  psa: TPsaCheck | null;
}

/** What PSA says of a row's cert: its record's grade and subject when PSA knows it. */
export type TPsaCheck = { status: 'verified'; grade: string | null; subject: string | null } | { status: 'not_found' } | { status: 'unavailable' };

/**
 * The tier limit, said before anything is written (docs/choices.md 40): how many cards fit in the room the
 * gallery has, how many do not, and what the rest need.
 */
export interface TLimitSummary {
  /** The highest slot the account may fill, and how many of its slots are free. */
  maxSlots: number;
  room: number;
  /** Cards (of readable rows) that fit, and those that do not; the rows of the latter. */
  fitting: number;
  over: number;
  overRows: number;
  /** How many more cards PRO would take; null when the account already has PRO's room. */
  withPro: number | null;
  /** The above in words. */
  message: string;
}

/** The preview answer; the import answers the same with `imported` set. */
export interface TImportAnswer {
  format: TImportFormat;
  /** The layout's name ('PSA My Collection export', 'Your columns'). */
  layoutName: string;
  /** The file's column names, and its first data row (what each column holds, for the mapping step). */
  header: string[];
  sample: string[];
  /** A file read by a mapping: the mapping used; `mappingSource` says where it came from. */
  mapping: TColumnMapping | null;
  mappingSource: 'sent' | 'remembered' | 'guessed' | null;
  /** Ratio does not know this header and no mapping was sent or remembered: the collector should map its columns. */
  needsMapping: boolean;
  /** Data rows read (blank lines skipped). */
  rows: number;
  /** Cards that would be (or were) added, in file order (a row with a quantity makes that many); at most PREVIEW_LIST_MAX listed. */
  cards: TImportCard[];
  cardCount: number;
  /** Rows that cannot be imported; at most PREVIEW_LIST_MAX listed, `errorCount` is the whole number. */
  errors: TRowError[];
  errorCount: number;
  /** Rows whose cards are already on the wall; at most PREVIEW_LIST_MAX listed. */
  already: TRowNote[];
  alreadyCount: number;
  /** When some cards do not fit: the tier limit explained. */
  limit: TLimitSummary | null;
  /** Cards written (0 on a preview). */
  imported: number;
}
