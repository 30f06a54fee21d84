import type { TImportAnswer, TPsaCheck, TRowErrorKind } from '../../../../../core/contracts/csv.types.ts';
import { goToPricing } from '../../../stores/gallery.ts';
import { slotLabel } from '../format.ts';
import { formatCents, formatCount } from '../../../../../core/format.ts';

const KIND_LABEL: Record<TRowErrorKind, string> = {
  bad_value: 'Bad value',
  bad_field: 'Bad field',
  slot_out_of_range: 'Slot out of range',
  over_limit: 'Over your limit',
  duplicate: 'Duplicate',
  missing_title: 'No title',
  too_long: 'Too long',
  not_owned: 'Not owned',
};
const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** What PSA said of a row's cert (the preview checks them when the server has PSA_API_TOKEN). */
function PsaBadge({ check }: { check: TPsaCheck }) {
  if (check.status === 'verified') {
    return (
      <span className="csv-psa is-ok" title={[check.subject, check.grade].filter(Boolean).join(' · ')}>
        PSA verified{check.grade ? ` · ${check.grade}` : ''}
      </span>
    );
  }
  if (check.status === 'not_found') return <span className="csv-psa is-bad">Cert not found at PSA</span>;
  return <span className="csv-psa">PSA not reachable: not checked</span>;
}

/**
 * The import's preview: which layout the file is, the tier limit explained, every row that cannot
 * be imported (by line and reason), the rows already on the wall, and the cards that will be added.
 */
export default function ImportPreview({ fileName, preview, canUpgrade }: { fileName: string; preview: TImportAnswer; canUpgrade: boolean }) {
  const moreCards = preview.cardCount - preview.cards.length;
  const moreErrors = preview.errorCount - preview.errors.length;
  const moreAlready = preview.alreadyCount - preview.already.length;
  return (
    <>
      <p className="csv-file" data-testid="import-summary">
        <strong>{fileName}</strong> · {preview.layoutName} · {plural(preview.rows, 'row')}
      </p>
      {preview.limit && (
        <div className="csv-limit" role="note" data-testid="import-limit">
          <p>{preview.limit.message}</p>
          {canUpgrade && preview.limit.withPro !== null && preview.limit.withPro > 0 && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => goToPricing()}>
              Upgrade to PRO
            </button>
          )}
        </div>
      )}
      {preview.errorCount > 0 && (
        <div className="csv-errors" role="alert" data-testid="import-errors">
          <p className="csv-errors-head">
            {plural(preview.errorCount, 'row')} cannot be imported.{' '}
            {preview.cardCount > 0
              ? `Import the ${plural(preview.cardCount, 'card')} of the good rows, or nothing: fix the file and choose it again.`
              : 'Fix the file and choose it again.'}
          </p>
          <ul>
            {preview.errors.map((e, i) => (
              <li key={`${e.line}-${i}`}>
                <span className="csv-line">Line {formatCount(e.line)}</span>
                <span className="csv-kind">{KIND_LABEL[e.kind]}</span>
                <span>{e.message}</span>
              </li>
            ))}
          </ul>
          {moreErrors > 0 && <p className="csv-more">… and {plural(moreErrors, 'more row')}</p>}
        </div>
      )}
      {preview.alreadyCount > 0 && (
        <details className="csv-already" data-testid="import-already">
          <summary>{plural(preview.alreadyCount, 'row')} already on your wall: left out</summary>
          <ul>
            {preview.already.map((a) => (
              <li key={a.line}>
                <span className="csv-line">Line {formatCount(a.line)}</span>
                <span>{a.message}</span>
              </li>
            ))}
          </ul>
          {moreAlready > 0 && <p className="csv-more">… and {plural(moreAlready, 'more row')}</p>}
        </details>
      )}
      {preview.errorCount === 0 && preview.cardCount > 0 && (
        <p className="csv-ready" data-testid="import-ready">
          {plural(preview.cardCount, 'card')} will be added. Photos are not part of a CSV file: each card shows a placeholder until you add its photo.
        </p>
      )}
      {preview.cardCount === 0 && preview.errorCount === 0 && (
        <p className="csv-ready" data-testid="import-nothing">
          Nothing to add: every card of this file is on your wall already.
        </p>
      )}
      {preview.cards.length > 0 && (
        <div className="csv-table-wrap" tabIndex={0} aria-label="Cards in the file">
          <table className="csv-table" data-testid="import-preview">
            <thead>
              <tr>
                <th scope="col">Slot</th>
                <th scope="col">Title</th>
                <th scope="col" className="csv-desc">
                  Description
                </th>
                <th scope="col" className="is-num">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.cards.map((c) => (
                <tr key={`${c.line}-${c.slotNumber}`}>
                  <td className="csv-slot">{c.slotNumber > 0 ? slotLabel(c.slotNumber) : '—'}</td>
                  <td>
                    {c.title || <em>No title</em>}
                    {c.psa && <PsaBadge check={c.psa} />}
                  </td>
                  <td className="csv-desc">
                    {[c.description, c.certNumber && !c.description.includes(c.certNumber) ? `Cert #${c.certNumber}` : ''].filter(Boolean).join(' · ')}
                  </td>
                  <td className="is-num">{c.valueCents !== null ? formatCents(c.valueCents) : (c.value ?? '—')}</td>
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
