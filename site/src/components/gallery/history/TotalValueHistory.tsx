import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TTotalHistoryAnswer, TValuePoint } from '../../../../../core/contracts/csv.types.ts';
import { HISTORY_RANGES, type THistoryRange } from '../../../../../core/history-ranges.ts';
import { formatCents } from '../../../../../core/format.ts';
import { $historyRange, fetchTotalHistory, setHistoryRange } from '../../../stores/value-history.ts';
import './history.css';

const ValueChart = lazy(() => import('./ValueChart.tsx'));
/** The chart's height, which every state of the panel keeps. */
const CHART_HEIGHT = 140;
const LABELS: Record<THistoryRange, string> = { '30d': '30D', '90d': '90D', '1y': '1Y', all: 'ALL' };

type TChange = TTotalHistoryAnswer['change'];
type TState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; points: TValuePoint[]; change: TChange };

const signed = (cents: number) => `${cents >= 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;

/**
 * The insights panel's total value over time with a range picker (30 days, 90 days, a year, all).
 * `version` changes whenever the cards' values do, and the series is read again.
 */
export default function TotalValueHistory({ version }: { version: string }) {
  const range = useStore($historyRange);
  const [state, setState] = useState<TState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    fetchTotalHistory(range)
      .then((answer) => live && setState({ kind: 'ready', points: answer.points, change: answer.change }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, [range, version]);

  const points = state.kind === 'ready' ? state.points : [];
  // The headline is how the values of the cards held moved; cards added in the range are told
  // apart, so an import does not read as a gain (docs/choices.md 47).
  const change = state.kind === 'ready' ? state.change : null;

  // Every state takes the chart's height (vh-total-body), so the wall below never moves when the
  // series arrives; the change over the range sits in the head for the same reason.
  return (
    <section className="vh-total" aria-labelledby="vh-total-title" data-testid="total-value-history">
      <div className="vh-head">
        <h3 id="vh-total-title" className="g-section-title">
          Total value over time
        </h3>
        {change && points.length > 1 && (
          <p className="vh-changes" data-testid="value-change">
            <span className={`vh-change ${change.heldCents >= 0 ? 'is-up' : 'is-down'}`}>{signed(change.heldCents)} in value over this range</span>
            {change.addedCount > 0 && (
              <span className="vh-added" data-testid="value-added">
                {change.addedCount.toLocaleString('en-US')} {change.addedCount === 1 ? 'card' : 'cards'} added ({signed(change.addedCents)})
              </span>
            )}
          </p>
        )}
        <div className="vh-ranges" role="group" aria-label="Range">
          {HISTORY_RANGES.map((r) => (
            <button key={r} type="button" className="vh-range" aria-pressed={range === r} onClick={() => setHistoryRange(r)}>
              {LABELS[r]}
            </button>
          ))}
        </div>
      </div>
      <div className="vh-total-body">
        {state.kind === 'loading' && (
          <div className="vh-placeholder" style={{ height: CHART_HEIGHT }} aria-busy="true">
            <span className="spinner" aria-hidden="true" /> Loading…
          </div>
        )}
        {state.kind === 'error' && <p className="vh-note">The total value history could not be loaded.</p>}
        {state.kind === 'ready' && points.length === 0 && <p className="vh-note">No values recorded yet.</p>}
        {state.kind === 'ready' && points.length > 0 && (
          <Suspense fallback={<div className="vh-placeholder" style={{ height: CHART_HEIGHT }} />}>
            <ValueChart points={points} label="Total value" height={CHART_HEIGHT} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
