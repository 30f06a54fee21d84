/**
 * CSV export and import on /gallery (docs/choices.md 29, 40): the import dialog's state and the only
 * functions that change it. The server reads and checks the file (one set of rules with the CLI):
 * it knows the apps' layouts by their header, and for any other file the collector says which
 * column holds what (the mapping step); the site shows the preview and sends the same file (and
 * mapping) again to import it, all of it, or the good rows.
 */
import { atom } from 'nanostores';
import type { TColumnMapping, TImportAnswer, TMapField, TRowError } from '../../../core/contracts/csv.types.ts';
import type { TExportLayout } from '../../../core/csv/export-layouts.ts';
import { MAX_IMPORT_BYTES } from '../../../core/csv/limits.ts';
import { ApiError, callApi, errorMessage } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';
import { loadCards } from './gallery.ts';
import { attempt } from './attempt.ts';
import { toast } from './toast.ts';
import { formatCount } from '../../../core/format.ts';

/** Where an export downloads from (the browser sends the session cookie). */
export const exportPath = (layout: TExportLayout) => `/api/cards/export.csv${layout === 'ratio' ? '' : `?layout=${layout}`}`;

/** The file as read, and what the server said of it. */
interface TFile {
  fileName: string;
  csv: string;
  preview: TImportAnswer;
  /** The mapping being edited (the mapping step) or sent with the preview (a file read by the collector's columns). */
  mapping: TColumnMapping | null;
}

export type TImportState =
  | { phase: 'closed' }
  | { phase: 'choose'; problem?: string }
  | { phase: 'checking'; fileName: string }
  | ({ phase: 'mapping'; problem?: string } & TFile)
  | ({ phase: 'preview' } & TFile)
  | ({ phase: 'importing' } & TFile);

export const $import = atom<TImportState>({ phase: 'closed' });

/** Opens the import dialog at its file step. */
export function openImport(): void {
  $import.set({ phase: 'choose' });
}

/** Closes the import dialog (not while an import is being written). */
export function closeImport(): void {
  if ($import.get().phase !== 'importing') $import.set({ phase: 'closed' });
}

async function askPreview(csv: string, mapping: TColumnMapping | null): Promise<TImportAnswer> {
  return callApi(API.previewImport, { body: mapping ? { csv, mapping } : { csv } });
}

/** Reads the chosen file and asks the server for its preview; a file of unknown columns goes to the mapping step. */
export async function chooseImportFile(file: File): Promise<void> {
  if (file.size > MAX_IMPORT_BYTES) {
    $import.set({ phase: 'choose', problem: `${file.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.` });
    return;
  }
  $import.set({ phase: 'checking', fileName: file.name });
  try {
    const csv = await file.text();
    const preview = await askPreview(csv, null);
    if ($import.get().phase !== 'checking') return;
    const next = { fileName: file.name, csv, preview, mapping: preview.mapping };
    $import.set(preview.needsMapping ? { phase: 'mapping', ...next } : { phase: 'preview', ...next });
  } catch (err) {
    if ($import.get().phase === 'checking') $import.set({ phase: 'choose', problem: errorMessage(err, `Could not read ${file.name}. Please try again.`) });
  }
}

/** The mapping step: `field` is in `column` ('' for no column). */
export function mapColumn(field: TMapField, column: string): void {
  const state = $import.get();
  if (state.phase !== 'mapping') return;
  const mapping: TColumnMapping = { ...state.mapping };
  if (column) mapping[field] = column;
  else delete mapping[field];
  $import.set({ ...state, mapping, problem: '' });
}

/** Back to the mapping step from the preview of a file read by the collector's columns. */
export function editMapping(): void {
  const state = $import.get();
  if (state.phase === 'preview' && state.preview.format === 'mapped') $import.set({ ...state, phase: 'mapping' });
}

/** Previews the file read by the mapping the collector set. */
export async function applyMapping(): Promise<void> {
  const state = $import.get();
  if (state.phase !== 'mapping' || !state.mapping) return;
  if (!state.mapping.subject && !state.mapping.title) {
    $import.set({ ...state, problem: "Choose the column that holds the player (or the card's name)." });
    return;
  }
  $import.set({ phase: 'checking', fileName: state.fileName });
  try {
    const preview = await askPreview(state.csv, state.mapping);
    if ($import.get().phase === 'checking') $import.set({ phase: 'preview', fileName: state.fileName, csv: state.csv, mapping: state.mapping, preview });
  } catch (err) {
    if ($import.get().phase === 'checking') $import.set({ ...state, problem: errorMessage(err, 'Could not read the file with these columns.') });
  }
}

/**
 * Imports the previewed file: every card when no row has an error; with `onlyValid`, the cards of
 * the good rows (the rest left out). Row errors found at the last moment are shown instead.
 */
export async function confirmImport(onlyValid = false): Promise<void> {
  const state = $import.get();
  if (state.phase !== 'preview' || state.preview.cardCount === 0 || (state.preview.errorCount > 0 && !onlyValid)) return;
  $import.set({ ...state, phase: 'importing' });
  // Row errors go back into the preview; any other failure toasts.
  const recover = (err: unknown): boolean => {
    const error = err instanceof ApiError ? (err.body?.error as { errors?: TRowError[]; errorCount?: number } | undefined) : undefined;
    if (error?.errors) {
      $import.set({ ...state, phase: 'preview', preview: { ...state.preview, errors: error.errors, errorCount: error.errorCount ?? error.errors.length } });
      return true;
    }
    $import.set({ ...state, phase: 'preview' });
    return false;
  };
  await attempt({ title: 'Import failed', failure: 'Nothing was imported. Please try again.', recover }, async () => {
    const body = {
      csv: state.csv,
      ...(state.preview.format === 'mapped' && state.mapping ? { mapping: state.mapping } : {}),
      ...(onlyValid ? { onlyValid } : {}),
    };
    const done = await callApi(API.importCards, { body });
    await loadCards();
    $import.set({ phase: 'closed' });
    toast({
      title: 'Cards imported',
      description: `${formatCount(done.imported)} ${done.imported === 1 ? 'card was' : 'cards were'} added to your gallery.`,
      variant: 'success',
    });
    return true;
  });
}
