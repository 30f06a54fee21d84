import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TProfitAnswer } from '../../../../../core/contracts/prices.types.ts';
import { formatCents } from '../../../../../core/format.ts';
import { fetchProfit, setWallCounts } from '../../../stores/market.ts';
import { $user } from '../../../stores/user.ts';
import './market.css';

const signed = (cents: number) => `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${formatCents(Math.abs(cents))}`;
const tone = (cents: number) => (cents > 0 ? 'pl-up' : cents < 0 ? 'pl-down' : undefined);

/**
 * The P&L panel (docs/choices.md 45, PRO's advanced portfolio analytics): which value counts for the wall
 * (own or market), cost basis, unrealized and realized gain, total gain and ROI, and the year's
 * realized gains as CSV. Reloads when the wall's figures change (`version`).
 */
export default function ProfitPanel({ version }: { version: string }) {
  const wall = useStore($user)?.countsValue ?? 'own';
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; profit: TProfitAnswer }>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    fetchProfit()
      .then((profit) => live && setState({ kind: 'ready', profit }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, [version, wall]);
  const year = new Date().getFullYear();
  const t = state.kind === 'ready' ? state.profit.totals : null;
  return (
    <section className="g-panel pl" aria-labelledby="pl-title" data-testid="profit">
      <div className="mv-head">
        <h2 id="pl-title" className="g-panel-title">
          GAIN &amp; LOSS
        </h2>
        <div className="pl-toggle" role="group" aria-label="Value that counts in totals">
          <button type="button" aria-pressed={wall === 'own'} onClick={() => void setWallCounts('own')}>
            Own values
          </button>
          <button type="button" aria-pressed={wall === 'market'} onClick={() => void setWallCounts('market')} data-testid="wall-market">
            Market values
          </button>
        </div>
      </div>
      {state.kind === 'loading' && (
        <p className="mv-note" aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Loading…
        </p>
      )}
      {state.kind === 'error' && <p className="mv-note">Gain and loss could not be loaded.</p>}
      {t && (
        <>
          <dl className="pl-figures">
            <div>
              <dt>Cost basis</dt>
              <dd data-testid="pl-cost">{formatCents(t.heldCostCents)}</dd>
            </div>
            <div>
              <dt>Unrealized</dt>
              <dd className={tone(t.unrealizedCents)} data-testid="pl-unrealized">
                {signed(t.unrealizedCents)}
              </dd>
            </div>
            <div>
              <dt>Realized</dt>
              <dd className={tone(t.realizedCents)} data-testid="pl-realized">
                {signed(t.realizedCents)}
              </dd>
            </div>
            <div>
              <dt>Total gain</dt>
              <dd className={tone(t.totalGainCents)} data-testid="pl-total">
                {signed(t.totalGainCents)}
              </dd>
            </div>
            <div>
              <dt>ROI</dt>
              <dd data-testid="pl-roi">{t.roiPercent === null ? '—' : `${t.roiPercent > 0 ? '+' : ''}${t.roiPercent}%`}</dd>
            </div>
          </dl>
          <p className="mv-note">
            Unrealized counts the cards with a cost and a value; {state.kind === 'ready' && state.profit.sales.length} sold.{' '}
            <a href={`/api/cards/realized.csv?year=${year}`} download>
              Realized gains {year} (CSV)
            </a>
          </p>
        </>
      )}
    </section>
  );
}
