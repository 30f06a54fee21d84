import type { ReactNode } from 'react';
import { formatUpside, type TInsights } from '../../../../core/gallery.ts';
import { useStore } from '@nanostores/react';
import { goToPricing } from '../../stores/gallery.ts';
import { $settings, setValueChart } from '../../stores/gallery-layout.ts';
import { slotLabel } from './format.ts';
import { formatCents, formatCount } from '../../../../core/format.ts';
import TotalValueHistory from './history/TotalValueHistory.tsx';
import { SparkIcon } from '../ui/icons.tsx';

interface Props {
  insights: TInsights;
  view: 'full' | 'simplified';
  /** False when the registry panel above already shows the total and average. */
  withTotals?: boolean;
  /** More of PRO's analytics, folded with the value chart (the gain & loss panel). */
  folded?: ReactNode;
}

/**
 * The portfolio insights card (docs/product.md §2, §9): cards out of 1000, total and average value, Ratio
 * Upside when above 1, and the top card. Users without PRO features holding 3 or more cards see
 * the simplified view with an upgrade prompt.
 */
export default function InsightsCard({ insights, view, withTotals = true, folded }: Props) {
  // The value chart is folded until the collector unfolds it (remembered by this browser, in the
  // wall's settings and cookie): unfolded on a laptop it pushed the wall below the fold (docs/choices.md 47).
  const chartOpen = useStore($settings).valueChart;
  const fill = (insights.cards / insights.capacity) * 100;
  return (
    <section className={`g-panel g-insights is-${view}`} aria-labelledby="insights-title" data-testid="insights">
      <div className="g-insights-head">
        <h2 id="insights-title" className="g-panel-title">
          PORTFOLIO INSIGHTS
        </h2>
        <p className="g-insights-count" data-testid="insights-count">
          <strong>{formatCount(insights.cards)}</strong> / {formatCount(insights.capacity)} cards
        </p>
        <span className="g-meter" aria-hidden="true">
          <span style={{ width: `${Math.max(fill, insights.cards > 0 ? 1 : 0)}%` }} />
        </span>
      </div>
      <dl className="g-figures g-insight-figures">
        {(withTotals || view === 'simplified') && (
          <div className="g-figure">
            <dt>TOTAL VALUE</dt>
            <dd data-testid="insights-total">{formatCents(insights.totalCents)}</dd>
          </div>
        )}
        {view === 'full' && (
          <>
            {withTotals && (
              <div className="g-figure">
                <dt>AVG VALUE</dt>
                <dd data-testid="insights-average">{formatCents(insights.averageCents)}</dd>
              </div>
            )}
            {insights.upside !== null && (
              <div className="g-figure is-accent">
                <dt>RATIO UPSIDE</dt>
                <dd data-testid="insights-upside" title="Sum of all-time highs divided by sum of current values">
                  {formatUpside(insights.upside)}
                </dd>
              </div>
            )}
            {insights.topSlot !== null && (
              <div className="g-figure">
                <dt>TOP CARD</dt>
                <dd>
                  {formatCents(insights.topCents)} <small>{slotLabel(insights.topSlot)}</small>
                </dd>
              </div>
            )}
          </>
        )}
      </dl>
      {view === 'full' && (
        <>
          <button
            type="button"
            className="g-chart-toggle"
            aria-expanded={chartOpen}
            aria-controls="insights-chart"
            onClick={() => setValueChart(!chartOpen)}
            data-testid="value-chart-toggle"
          >
            {chartOpen ? 'Hide value chart' : 'Show value chart'}
            <span className="g-panels-toggle-chevron" aria-hidden="true" />
          </button>
          <div id="insights-chart" className="g-chart-fold" hidden={!chartOpen}>
            {chartOpen && <TotalValueHistory version={`${insights.cards}:${insights.totalCents}`} />}
            {chartOpen && folded}
          </div>
        </>
      )}
      {view === 'simplified' && (
        <div className="g-insights-upsell" data-testid="insights-upgrade">
          <p>Unlock advanced portfolio analytics: average value, Ratio Upside and your top cards.</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => goToPricing()}>
            <SparkIcon /> Upgrade
          </button>
        </div>
      )}
    </section>
  );
}
