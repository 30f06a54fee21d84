import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatShortDate } from '../../../../core/format.ts';
import { alertRuleText } from '../../../../core/prices.ts';
import { $alerts, deleteAlert, loadAlerts } from '../../stores/market.ts';
import Section from './Section.tsx';

/**
 * Price Alerts on /account (docs/choices.md 45, PRO): every rule the collector set from a card's viewer,
 * with its card, its rule, how it is mailed and when it last was, and a button to delete it. Shown to
 * PRO users, and to anyone who still has alerts.
 */
export default function PriceAlertsSection({ hasProFeatures }: { hasProFeatures: boolean }) {
  const alerts = useStore($alerts);
  const [deleting, setDeleting] = useState<number | null>(null);
  useEffect(() => {
    void loadAlerts();
  }, []);

  const list = Array.isArray(alerts) ? alerts : [];
  if (!hasProFeatures && list.length === 0) return null;
  return (
    <Section title="Price Alerts" description="Mail when a card's market value crosses a figure or moves. Set them from a card in your gallery.">
      <div data-testid="price-alerts" aria-busy={alerts === null}>
        {alerts === null && <p className="muted">Loading…</p>}
        {alerts === 'failed' && (
          <p role="alert">
            Could not load your price alerts.{' '}
            <button type="button" className="btn btn-sm" onClick={() => void loadAlerts()}>
              Try Again
            </button>
          </p>
        )}
        {Array.isArray(alerts) && alerts.length === 0 && (
          <p className="muted" data-testid="price-alerts-empty">
            No price alerts yet. Open a card in your <a href="/gallery">gallery</a> and choose Price alert.
          </p>
        )}
        {list.length > 0 && (
          <ul className="alert-list">
            {list.map((a) => (
              <li key={a.id} className="alert-item" data-testid="price-alert">
                <div className="alert-text">
                  <p className="alert-card">
                    {a.title || `Slot ${a.slotNumber}`} <span className="muted">· slot {a.slotNumber}</span>
                  </p>
                  <p className="alert-rule">{alertRuleText(a)}</p>
                  <p className="muted alert-meta">
                    {a.digest ? 'In the weekly digest' : 'Mailed when it fires, at most once a day'}
                    {a.lastSentOn && <> · last mailed {formatShortDate(`${a.lastSentOn}T12:00:00Z`)}</>}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  disabled={deleting === a.id}
                  aria-label={`Delete the alert on ${a.title || `slot ${a.slotNumber}`}: ${alertRuleText(a)}`}
                  onClick={() => {
                    setDeleting(a.id);
                    void deleteAlert(a.id).finally(() => setDeleting(null));
                  }}
                >
                  {deleting === a.id ? 'Deleting…' : 'Delete'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
