import { lazy, Suspense, useEffect, useState } from 'react';
import type { TValuePoint } from '../../../../../core/contracts/csv.types.ts';
import { formatCents } from '../../../../../core/format.ts';
import type { TGalleryCard } from '../../../stores/gallery.ts';
import { fetchCardHistory } from '../../../stores/value-history.ts';
import './history.css';
import { formatShortDate } from '../../../../../core/format.ts';

const ValueChart = lazy(() => import('./ValueChart.tsx'));

type TState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; points: TValuePoint[] };

/**
 * The viewer's "Value history" of one card: its recorded values as a small chart (extended to
 * today), reloaded whenever the card's value changes.
 */
export default function CardValueHistory({ card }: { card: TGalleryCard }) {
  const [state, setState] = useState<TState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchCardHistory(card.slotNumber)
      .then((answer) => live && setState({ kind: 'ready', points: answer.points }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, [card.slotNumber, card.id, card.valueCents]);

  const points = state.kind === 'ready' ? state.points : [];
  const last = points.at(-1);
  const drawn = last ? [...points, { at: new Date().toISOString(), cents: last.cents }] : [];
  const first = points[0];
  const change = first && last ? last.cents - first.cents : 0;

  return (
    <section className="vh-card" aria-labelledby="vh-card-title" data-testid="value-history">
      <div className="vh-head">
        <h3 id="vh-card-title" className="g-section-title">
          Value history
        </h3>
        {points.length > 1 && (
          <span className={`vh-change ${change >= 0 ? 'is-up' : 'is-down'}`} data-testid="value-history-change">
            {change >= 0 ? '+' : '−'}
            {formatCents(Math.abs(change))} since {formatShortDate(first!.at)}
          </span>
        )}
      </div>
      {state.kind === 'loading' && (
        <div className="vh-placeholder" aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Loading history…
        </div>
      )}
      {state.kind === 'error' && <p className="vh-note">The value history could not be loaded.</p>}
      {state.kind === 'ready' && points.length === 0 && <p className="vh-note">No value recorded yet. Add a value to start its history.</p>}
      {state.kind === 'ready' && points.length > 0 && (
        <>
          {points.length > 1 && (
            <Suspense fallback={<div className="vh-placeholder" style={{ height: 120 }} />}>
              <ValueChart points={drawn} label="Value" height={120} />
            </Suspense>
          )}
          <p className="vh-note" data-testid="value-history-count">
            {points.length === 1 ? `Recorded ${formatShortDate(first!.at)}. Each change of value adds a point.` : `${points.length} recorded values`}
          </p>
        </>
      )}
    </section>
  );
}
