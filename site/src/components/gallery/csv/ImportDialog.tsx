import { useRef, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { TImportAnswer, TPsaCheck, TRowErrorKind } from '../../../../../core/contracts/csv.types.ts';
import { $import, chooseImportFile, closeImport, confirmImport } from '../../../stores/card-csv.ts';
import { goToPricing } from '../../../stores/gallery.ts';
import Dialog from '../../ui/Dialog.tsx';
import { formatCents, formatCount, slotLabel } from '../format.ts';

const TITLE_ID = 'import-title';
const KIND_LABEL: Record<TRowErrorKind, string> = {
  bad_value: 'Bad value', bad_field: 'Bad field', slot_out_of_range: 'Slot out of range', over_limit: 'Over your limit',
  duplicate: 'Duplicate', missing_title: 'No title', too_long: 'Too long', not_owned: 'Not owned',
};
const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** What PSA said of a row's cert (the preview checks them when the server has PSA_API_TOKEN). */
function PsaBadge({ check }: { check: TPsaCheck }) {
  if (check.status === 'verified') {
    return <span className="csv-psa is-ok" title={[check.subject, check.grade].filter(Boolean).join(' · ')}>PSA verified{check.grade ? ` · ${check.grade}` : ''}</span>;
  }
  if (check.status === 'not_found') return <span className="csv-psa is-bad">Cert not found at PSA</span>;
  return <span className="csv-psa">PSA not reachable: not checked</span>;
}

function Preview({ fileName, preview, canUpgrade }: { fileName: string; preview: TImportAnswer; canUpgrade: boolean }) {
  const moreCards = preview.cardCount - preview.cards.length;
  const moreErrors = preview.errorCount - preview.errors.length;
  return (
    <>
      <p className="csv-file" data-testid="import-summary">
        <strong>{fileName}</strong> · {preview.format === 'psa' ? 'PSA-style export' : 'Ratio export'} · {plural(preview.rows, 'row')}
      </p>
      {preview.errorCount > 0 ? (
        <div className="csv-errors" role="alert" data-testid="import-errors">
          <p className="csv-errors-head">
            {plural(preview.errorCount, 'row')} {preview.errorCount === 1 ? 'has an error' : 'have errors'}. Nothing is imported until every row is right: fix the file and choose it again.
          </p>
          <ul>
            {preview.errors.map((e, i) => (
              <li key={`${e.line}-${i}`}><span className="csv-line">Line {e.line}</span><span className="csv-kind">{KIND_LABEL[e.kind]}</span><span>{e.message}</span></li>
            ))}
          </ul>
          {moreErrors > 0 && <p className="csv-more">… and {plural(moreErrors, 'more error')}</p>}
          {canUpgrade && preview.errors.some((e) => e.kind === 'over_limit') && (
            <p className="csv-upgrade">
              More cards than your plan holds? <button type="button" className="btn btn-sm btn-primary" onClick={() => goToPricing()}>Upgrade to PRO</button>
            </p>
          )}
        </div>
      ) : (
        <p className="csv-ready" data-testid="import-ready">{plural(preview.cardCount, 'card')} will be added. Photos are not part of a CSV file: each card shows a placeholder until you add its photo.</p>
      )}
      {preview.cards.length > 0 && (
        <div className="csv-table-wrap" tabIndex={0} aria-label="Cards in the file">
          <table className="csv-table" data-testid="import-preview">
            <thead><tr><th scope="col">Slot</th><th scope="col">Title</th><th scope="col" className="csv-desc">Description</th><th scope="col" className="is-num">Value</th></tr></thead>
            <tbody>
              {preview.cards.map((c) => (
                <tr key={c.line}>
                  <td className="csv-slot">{c.slotNumber > 0 ? slotLabel(c.slotNumber) : '—'}</td>
                  <td>{c.title || <em>No title</em>}{c.psa && <PsaBadge check={c.psa} />}</td>
                  <td className="csv-desc">{c.description}</td>
                  <td className="is-num">{c.valueCents !== null ? formatCents(c.valueCents) : c.value ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {moreCards > 0 && <p className="csv-more">… and {plural(moreCards, 'more card')}</p>}
        </div>
      )}
    </>
  );
}

/**
 * The import dialog: choose a CSV file (Ratio's export or a PSA-style collection export), see what
 * will be added and every row error, then import all of it or nothing. `canUpgrade`: PRO would
 * give the account more slots (an Upgrade button shows beside 'over the limit' errors).
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
  const canImport = state.phase === 'preview' && state.preview.errorCount === 0 && state.preview.cardCount > 0;

  return (
    <Dialog open={state.phase !== 'closed'} onClose={closeImport} labelledBy={TITLE_ID} className="g-dialog csv-dialog">
      <div className="csv-body" data-testid="import-dialog" aria-busy={busy}>
        <p className="eyebrow g-eyebrow-accent">CSV import</p>
        <h2 id={TITLE_ID}>Import cards</h2>
        <p className="csv-intro">
          Add cards from a CSV file: a Ratio export, or a PSA-style collection export (Year, Brand, Card Number, Subject, Variety, Grade, Cert Number). Cards go to the slot the file names, or to your first free slots.
        </p>
        <input ref={input} type="file" accept=".csv,text/csv" className="sr-only" onChange={onFile} data-testid="import-file" tabIndex={-1} aria-hidden="true" />
        {state.phase === 'choose' && state.problem && <p className="csv-problem" role="alert">{state.problem}</p>}
        {state.phase === 'checking' && (
          <p className="csv-checking" role="status"><span className="spinner" aria-hidden="true" /> Checking {state.fileName}…</p>
        )}
        {shown && <Preview fileName={shown.fileName} preview={shown.preview} canUpgrade={canUpgrade} />}
        <div className="csv-actions">
          <button type="button" className="btn" onClick={closeImport} disabled={state.phase === 'importing'}>Cancel</button>
          <button type="button" className="btn" onClick={() => input.current?.click()} disabled={busy}>
            {preview ? 'Choose another file' : 'Choose CSV file'}
          </button>
          {preview && (
            <button type="button" className="btn btn-primary" onClick={() => void confirmImport()} disabled={!canImport} data-testid="import-confirm">
              {state.phase === 'importing' ? 'Importing...' : preview.errorCount > 0 ? 'Import cards' : `Import ${plural(preview.cardCount, 'card')}`}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
