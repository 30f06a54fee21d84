import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { STATS_RANGES, type TStatsRange } from '../../../../core/admin-stats.ts';
import { $adminSeries, $statsRange, loadAdminSeries } from '../../stores/admin.ts';
import TimeChart from './TimeChart.tsx';
import { formatCents, formatCount } from '../../../../core/format.ts';

const RANGE_LABELS: Record<TStatsRange, string> = { '30d': '30 days', '90d': '90 days', '1y': '1 year' };
const dollars = (cents: number) => formatCents(Math.round(cents));
const whole = (v: number) => (Number.isInteger(v) ? formatCount(v) : '');

/** The dashboard's charts with their range picker: series from stored facts (GET /api/admin/series). */
export default function AdminCharts() {
  const series = useStore($adminSeries);
  const range = useStore($statsRange);
  const data = series.state === 'ready' ? series.data : null;
  const charts = useMemo(
    () =>
      data && {
        signups: [{ label: 'Sign-ups', values: data.signups, color: '--accent', bars: true }],
        users: [
          { label: 'PRO users', values: data.proUsers, color: '--accent' },
          { label: 'On a trial', values: data.trialUsers, color: '--success' },
        ],
        mrr: [{ label: 'MRR', values: data.mrrCents, color: '--accent' }],
        cards: [{ label: 'Cards added', values: data.cardsAdded, color: '--focus', bars: true }],
      },
    [data],
  );

  return (
    <section className="admin-charts" aria-labelledby="admin-trends">
      <div className="admin-charts-head">
        <h2 id="admin-trends" className="admin-panel-title">
          Trends
        </h2>
        <div className="admin-range" role="group" aria-label="Chart range">
          {(Object.keys(STATS_RANGES) as TStatsRange[]).map((r) => (
            <button
              key={r}
              type="button"
              className={`btn btn-small ${r === range ? 'btn-primary' : 'btn-ghost'}`}
              aria-pressed={r === range}
              onClick={() => void loadAdminSeries(r)}
            >
              {RANGE_LABELS[r]}
            </button>
          ))}
        </div>
      </div>
      {series.state === 'failed' && (
        <p role="alert" className="muted">
          Could not load the charts.{' '}
          <button type="button" className="btn btn-small" onClick={() => void loadAdminSeries()}>
            Try Again
          </button>
        </p>
      )}
      {!charts && series.state !== 'failed' && (
        <p className="muted" role="status">
          Loading charts…
        </p>
      )}
      {data && charts && (
        <div className="admin-chart-grid" data-range={data.range} aria-busy={data.range !== range}>
          <TimeChart title="Sign-ups per day" days={data.days} series={charts.signups} format={whole} />
          <TimeChart title="PRO and trial users" days={data.days} series={charts.users} format={whole} />
          <TimeChart title="MRR" days={data.days} series={charts.mrr} format={dollars} />
          <TimeChart title="Cards added per day" days={data.days} series={charts.cards} format={whole} />
        </div>
      )}
    </section>
  );
}
