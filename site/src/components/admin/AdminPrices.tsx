import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatCount } from '../../../../core/format.ts';
import { STALE_AFTER_DAYS } from '../../../../core/prices.ts';
import { $adminPrices, loadAdminPrices } from '../../stores/admin.ts';

/**
 * Admin's Market Prices (docs/choices.md 45): the provider in use (a price list said to be no market data),
 * per price source how many cards are matched, stale and failing, and what the operator runs about it.
 */
export default function AdminPrices() {
  const prices = useStore($adminPrices);
  useEffect(() => {
    void loadAdminPrices();
  }, []);

  return (
    <section className="card admin-prices" aria-labelledby="admin-prices" aria-busy={prices.state === 'loading'} data-testid="admin-prices">
      <h2 id="admin-prices" className="admin-panel-title">
        Market Prices
      </h2>
      {prices.state === 'loading' && <p className="muted">Loading…</p>}
      {(prices.state === 'failed' || prices.state === 'denied') && (
        <p role="alert">
          Could not load the price counts.{' '}
          <button type="button" className="btn btn-small" onClick={() => void loadAdminPrices()}>
            Try Again
          </button>
        </p>
      )}
      {prices.state === 'ready' && (
        <>
          <p className="admin-prices-provider" data-testid="admin-prices-provider">
            Provider: <strong>{prices.data.provider}</strong>
            {prices.data.isMarketData ? <span className="badge">Market data</span> : <span className="badge badge-warn">Not market data</span>}
          </p>
          {prices.data.sources.length === 0 ? (
            <p className="muted">No card has been looked up yet.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="sr-only">Cards per price source</caption>
                <thead>
                  <tr>
                    <th scope="col">Source</th>
                    <th scope="col">Matched</th>
                    <th scope="col">Stale</th>
                    <th scope="col">Failing</th>
                  </tr>
                </thead>
                <tbody>
                  {prices.data.sources.map((s) => (
                    <tr key={s.source}>
                      <th scope="row">{s.source}</th>
                      <td>{formatCount(s.matched)}</td>
                      <td className={s.stale > 0 ? 'is-warn' : undefined}>{formatCount(s.stale)}</td>
                      <td className={s.failing > 0 ? 'is-bad' : undefined}>{formatCount(s.failing)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <dl className="admin-rows">
            <div className="admin-row">
              <dt>No product matches</dt>
              <dd data-testid="admin-prices-unmatched">{formatCount(prices.data.unmatched)}</dd>
            </div>
            <div className="admin-row">
              <dt>Last look-up failed</dt>
              <dd data-testid="admin-prices-failing">{formatCount(prices.data.failing)}</dd>
            </div>
          </dl>
          <p className="muted admin-prices-help">
            Stale: a price older than {STALE_AFTER_DAYS} days. Failing and stale cards keep their last known value. Refresh them with{' '}
            <code>ratio prices refresh</code>; import a shop&apos;s or a club&apos;s figures with{' '}
            <code>ratio prices import FILE --name &quot;Club figures&quot;</code>.
          </p>
        </>
      )}
    </section>
  );
}
