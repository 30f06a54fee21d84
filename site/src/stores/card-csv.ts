/**
 * CSV export and import on /gallery (issue 11): the import dialog's state and the only functions
 * that change it. The server reads and checks the file (one set of rules with the CLI); the site
 * shows its preview and sends the same file again to import it, all or nothing.
 */
import { atom } from 'nanostores';
import type { TImportAnswer, TRowError } from '../../../core/contracts/csv.types.ts';
import { MAX_IMPORT_BYTES } from '../../../core/csv/limits.ts';
import { ApiError, apiRequest, errorMessage } from '../lib/api.ts';
import { loadCards } from './gallery.ts';
import { toast } from './toast.ts';
import { formatCount } from '../../../core/format.ts';

/** Where the export downloads from (the browser sends the session cookie). */
export const EXPORT_PATH = '/api/cards/export.csv';

export type TImportState =
  | { phase: 'closed' }
  | { phase: 'choose'; problem?: string }
  | { phase: 'checking'; fileName: string }
  | { phase: 'preview'; fileName: string; csv: string; preview: TImportAnswer }
  | { phase: 'importing'; fileName: string; csv: string; preview: TImportAnswer };

export const $import = atom<TImportState>({ phase: 'closed' });

/** Opens the import dialog at its file step. */
export function openImport(): void {
  $import.set({ phase: 'choose' });
}

/** Closes the import dialog (not while an import is being written). */
export function closeImport(): void {
  if ($import.get().phase !== 'importing') $import.set({ phase: 'closed' });
}

/** Reads the chosen file and asks the server for its preview. */
export async function chooseImportFile(file: File): Promise<void> {
  if (file.size > MAX_IMPORT_BYTES) {
    $import.set({ phase: 'choose', problem: `${file.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.` });
    return;
  }
  $import.set({ phase: 'checking', fileName: file.name });
  try {
    const csv = await file.text();
    const preview = await apiRequest<TImportAnswer>('POST', '/api/cards/import/preview', { csv });
    if ($import.get().phase === 'checking') $import.set({ phase: 'preview', fileName: file.name, csv, preview });
  } catch (err) {
    if ($import.get().phase === 'checking') $import.set({ phase: 'choose', problem: errorMessage(err, `Could not read ${file.name}. Please try again.`) });
  }
}

/** Imports the previewed file; on row errors found at the last moment, shows them instead. */
export async function confirmImport(): Promise<void> {
  const state = $import.get();
  if (state.phase !== 'preview' || state.preview.errorCount > 0) return;
  $import.set({ ...state, phase: 'importing' });
  try {
    const done = await apiRequest<TImportAnswer>('POST', '/api/cards/import', { csv: state.csv });
    await loadCards();
    $import.set({ phase: 'closed' });
    toast({ title: 'Cards imported', description: `${formatCount(done.imported)} ${done.imported === 1 ? 'card was' : 'cards were'} added to your gallery.`, variant: 'success' });
  } catch (err) {
    const error = err instanceof ApiError ? (err.body?.error as { errors?: TRowError[]; errorCount?: number } | undefined) : undefined;
    if (error?.errors) {
      $import.set({ ...state, phase: 'preview', preview: { ...state.preview, errors: error.errors, errorCount: error.errorCount ?? error.errors.length } });
    } else {
      $import.set(state);
      toast({ title: 'Import failed', description: errorMessage(err, 'Nothing was imported. Please try again.'), variant: 'error' });
    }
  }
}
