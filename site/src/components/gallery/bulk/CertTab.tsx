import { useStore } from '@nanostores/react';
import type { KeyboardEvent } from 'react';
import type { TCertItemView } from '../../../../../core/contracts/intake.types.ts';
import { $certs, $psaAvailable, sendCerts, setCertText } from '../../../stores/bulk-intake.ts';
import { formatCount } from '../../../../../core/format.ts';

const STATUS: Record<TCertItemView['status'], string> = {
  queued: 'Waiting',
  looking: 'Looking up',
  added: 'Added',
  on_wall: 'Already on your wall',
  not_found: 'Not found at PSA',
  no_room: 'No room',
  failed: 'Not added',
};

function itemLine(i: TCertItemView): string {
  if (i.status === 'added') {
    const parts = [
      `slot ${i.slotNumber}`,
      i.title || null,
      i.population !== undefined ? `population ${formatCount(i.population)} at this grade` : null,
      i.filled ? null : `${i.message ?? 'PSA lookup unavailable'}: fill in the rest`,
    ];
    return parts.filter(Boolean).join(' · ');
  }
  return i.message ?? '';
}

/** By cert number: type, paste or scan certs (a scanner gun types each with Enter), then follow each one. */
export default function CertTab() {
  const state = useStore($certs);
  const psa = useStore($psaAvailable);
  const batch = state.batch;
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void sendCerts();
    }
  };
  return (
    <div className="bulk-panel">
      <p className="bulk-intro">
        Type, paste or scan PSA cert numbers, one per line (a scanner types each with Enter).
        {psa === true && ' PSA fills in each card, its photo and its population at the grade.'}
      </p>
      {psa === false && (
        <p className="bulk-notice" data-testid="psa-unavailable">
          PSA lookup unavailable: each card is made with its cert number, and you fill in the rest.
        </p>
      )}
      <div className="field">
        <label htmlFor="bulk-certs">Cert numbers</label>
        <textarea
          id="bulk-certs"
          className="bulk-certs"
          rows={5}
          value={state.text}
          onChange={(e) => setCertText(e.target.value)}
          onKeyDown={onKey}
          spellCheck={false}
          autoComplete="off"
          inputMode="numeric"
          placeholder={'12345678\n87654321'}
          data-testid="bulk-certs"
          data-autofocus
        />
      </div>
      {state.problem && (
        <p className="bulk-problem" role="alert">
          {state.problem}
        </p>
      )}
      <div className="bulk-row">
        <span className="bulk-hint">Ctrl+Enter adds them.</span>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void sendCerts()}
          aria-disabled={state.sending || undefined}
          data-testid="bulk-certs-add"
        >
          {state.sending ? 'Sending...' : 'Add cards'}
        </button>
      </div>
      {batch && (
        <section className="bulk-progress" aria-label="Cert numbers being added" data-testid="bulk-cert-batch">
          <div className="bulk-bar-row">
            <progress max={batch.total} value={batch.done} aria-label="Cert numbers done" />
            <span role="status" aria-live="polite">
              {batch.finished
                ? `Done: ${formatCount(batch.items.filter((i) => i.status === 'added').length)} added`
                : `${formatCount(batch.done)} of ${formatCount(batch.total)} done`}
            </span>
          </div>
          {(batch.invalid.length > 0 || batch.repeated.length > 0) && (
            <p className="bulk-note">
              {batch.invalid.map((i) => `"${i.text}": ${i.problem}`).join('; ')}
              {batch.repeated.length > 0 && `${batch.invalid.length ? '; ' : ''}${formatCount(batch.repeated.length)} repeated, added once`}
            </p>
          )}
          <ul className="bulk-cert-list">
            {batch.items.map((i) => (
              <li key={i.cert} className={`is-${i.status}`} data-testid="bulk-cert-item">
                <span className="bulk-cert">#{i.cert}</span>
                <span className={`bulk-status is-${i.status}`}>{STATUS[i.status]}</span>
                <span className="bulk-detail">{itemLine(i)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
