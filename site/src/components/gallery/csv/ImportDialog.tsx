import { useRef, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $import, applyMapping, chooseImportFile, closeImport, confirmImport, editMapping } from '../../../stores/card-csv.ts';
import Dialog from '../../ui/Dialog.tsx';
import { formatCount } from '../../../../../core/format.ts';
import ImportPreview from './ImportPreview.tsx';
import MappingStep from './MappingStep.tsx';

const TITLE_ID = 'import-title';
const cards = (n: number) => `${formatCount(n)} card${n === 1 ? '' : 's'}`;

/**
 * The import dialog: choose a CSV file (Ratio's export, PSA My Collection, Collectr, Card Ladder,
 * CollX, a PSA-style list, or any other file through the mapping step), see what will be added,
 * the rows that cannot be read and the tier limit, then import all of it, the good rows, or
 * nothing. `canUpgrade`: PRO would give the account more slots.
 */
export default function ImportDialog({ canUpgrade }: { canUpgrade: boolean }) {
  const state = useStore($import);
  const input = useRef<HTMLInputElement>(null);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void chooseImportFile(file);
  };
  const busy = state.phase === 'checking' || state.phase === 'importing';
  const shown = state.phase === 'preview' || state.phase === 'importing' ? state : null;
  const preview = shown?.preview ?? null;
  const importing = state.phase === 'importing';

  return (
    <Dialog open={state.phase !== 'closed'} onClose={closeImport} labelledBy={TITLE_ID} className="g-dialog csv-dialog">
      <div className="csv-body" data-testid="import-dialog" aria-busy={busy}>
        <p className="eyebrow g-eyebrow-accent">CSV import</p>
        <h2 id={TITLE_ID}>{state.phase === 'mapping' ? 'Match the columns' : 'Import cards'}</h2>
        {state.phase !== 'mapping' && (
          <p className="csv-intro">
            Add cards from a CSV file: a Ratio export, or an export of PSA My Collection, Collectr, Card Ladder or CollX. Any other file works too: you say
            which column holds what. Cards go to the slot the file names, or to your first free slots.
          </p>
        )}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          onChange={onFile}
          data-testid="import-file"
          tabIndex={-1}
          aria-hidden="true"
        />
        {state.phase === 'choose' && state.problem && (
          <p className="csv-problem" role="alert">
            {state.problem}
          </p>
        )}
        {state.phase === 'checking' && (
          <p className="csv-checking" role="status">
            <span className="spinner" aria-hidden="true" /> Checking {state.fileName}…
          </p>
        )}
        {state.phase === 'mapping' && <MappingStep preview={state.preview} mapping={state.mapping} problem={state.problem} />}
        {shown && <ImportPreview fileName={shown.fileName} preview={shown.preview} canUpgrade={canUpgrade} />}
        <div className="csv-actions">
          <button type="button" className="btn" onClick={closeImport} disabled={importing}>
            Cancel
          </button>
          <button type="button" className="btn" onClick={() => input.current?.click()} disabled={busy}>
            {preview || state.phase === 'mapping' ? 'Choose another file' : 'Choose CSV file'}
          </button>
          {preview?.format === 'mapped' && (
            <button type="button" className="btn" onClick={editMapping} disabled={busy} data-testid="import-edit-mapping">
              Change columns
            </button>
          )}
          {state.phase === 'mapping' && (
            <button type="button" className="btn btn-primary" onClick={() => void applyMapping()} data-testid="import-apply-mapping">
              Preview cards
            </button>
          )}
          {preview && preview.errorCount === 0 && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void confirmImport()}
              disabled={busy || preview.cardCount === 0}
              data-testid="import-confirm"
            >
              {importing ? 'Importing...' : preview.cardCount === 0 ? 'Import cards' : `Import ${cards(preview.cardCount)}`}
            </button>
          )}
          {preview && preview.errorCount > 0 && preview.cardCount > 0 && (
            <button type="button" className="btn btn-primary" onClick={() => void confirmImport(true)} disabled={busy} data-testid="import-good-rows">
              {importing ? 'Importing...' : `Import the ${cards(preview.cardCount)} of the good rows`}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
