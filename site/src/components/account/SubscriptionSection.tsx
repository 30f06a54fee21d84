import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TUser } from '../../stores/user.ts';
import { $subscription, cancelSubscription, loadSubscription, openBillingPortal, reactivateSubscription } from '../../stores/billing.ts';
import type { TSubscriptionStatusView } from '../../../../core/contracts/billing.types.ts';
import TestModeNote from '../ui/TestModeNote.tsx';
import { formatShortDate } from '../../../../core/format.ts';
import Section from './Section.tsx';

const STATUS_LABEL: Record<TSubscriptionStatusView['status'], string> = {
  pro_active: 'PRO · Active',
  free: 'Free',
  grace_period: 'Cancelled · Grace period',
  data_retention: 'Ended · Limited access',
  suspended: 'Suspended',
  grandfathered: 'Legacy',
};

/** The dates and warnings under the plan, from the status the server sent. */
function Details({ s }: { s: TSubscriptionStatusView }) {
  const rows: Array<[string, string]> = [];
  if (s.stripeDetails?.nextBillingDate) rows.push(['Next billing date', formatShortDate(s.stripeDetails.nextBillingDate)]);
  if (s.gracePeriodEndDate) rows.push(['PRO until', formatShortDate(s.gracePeriodEndDate)]);
  if (s.dataDeletionDate) rows.push(['Cards past slot 10 deleted on', formatShortDate(s.dataDeletionDate)]);
  if (rows.length === 0) return null;
  return (
    <dl className="sub-details">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The actions the server accepts now (status.actions), each with its busy label. */
function Actions({ s }: { s: TSubscriptionStatusView }) {
  const [busy, setBusy] = useState<null | 'cancel' | 'reactivate' | 'portal'>(null);
  const [confirming, setConfirming] = useState(false);
  const run = async (kind: 'cancel' | 'reactivate' | 'portal', action: () => Promise<boolean>) => {
    setBusy(kind);
    await action();
    setBusy(null);
    setConfirming(false);
  };
  if (confirming) {
    return (
      <div className="sub-confirm" role="group" aria-label="Cancel subscription">
        <p>Cancel PRO? It stays on until the end of the period you paid for; you can reactivate any time before then.</p>
        <div className="form-actions">
          <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => run('cancel', cancelSubscription)}>
            {busy === 'cancel' ? 'Cancelling...' : 'Yes, Cancel Subscription'}
          </button>
          <button type="button" className="btn" disabled={busy !== null} onClick={() => setConfirming(false)}>
            Keep PRO
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="form-actions">
      {s.actions.subscribe && !s.actions.reactivate && (
        <a className="btn btn-primary" href="/pricing">
          Upgrade to PRO
        </a>
      )}
      {s.actions.reactivate && (
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => run('reactivate', reactivateSubscription)}>
          {busy === 'reactivate' ? 'Reactivating...' : 'Reactivate Subscription'}
        </button>
      )}
      {s.actions.portal && (
        <button type="button" className="btn" disabled={busy !== null} onClick={() => run('portal', openBillingPortal)}>
          {busy === 'portal' ? 'Opening...' : 'Billing Portal'}
        </button>
      )}
      {s.actions.cancel && (
        <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
          Cancel Subscription
        </button>
      )}
    </div>
  );
}

/**
 * Subscription (docs/product.md §2 /account): the status from GET /api/subscription/status, and cancel,
 * reactivate and the billing portal exactly as the server's `actions` allow. Hidden for
 * grandfathered users.
 */
export default function SubscriptionSection({ user }: { user: TUser }) {
  const status = useStore($subscription);
  useEffect(() => void loadSubscription(), [user.subscriptionStatus, user.isPro]);
  if (user.isGrandfathered) return null;
  return (
    <Section title="Subscription" description="Your plan, billing and renewal." className="sub-section">
      {status === undefined && (
        <p className="muted" role="status">
          Loading your subscription…
        </p>
      )}
      {status === null && (
        <div role="alert">
          <p className="muted">Your subscription could not be loaded.</p>
          <button type="button" className="btn btn-sm" onClick={() => void loadSubscription()}>
            Try Again
          </button>
        </div>
      )}
      {status && (
        <div data-testid="subscription" data-status={status.status}>
          <div className="profile-status">
            <span className="profile-status-label">Plan</span>
            {/* A running trial is not a paid plan, but not FREE either (docs/choices.md 47): the plan says so. */}
            {status.status === 'free' && user.isTrialActive ? (
              <span className="badge tone-accent" data-testid="plan-label">
                PRO Trial
              </span>
            ) : (
              <span className={`badge ${status.isPro ? 'tone-accent' : ''}`} data-testid="plan-label">
                {STATUS_LABEL[status.status]}
              </span>
            )}
            {status.stripeDetails?.cancelAtPeriodEnd && <span className="status-detail">Cancels at period end</span>}
          </div>
          <p className="sub-message">{status.message}</p>
          <Details s={status} />
          {status.billing.provider === 'local' && <TestModeNote />}
          <Actions s={status} />
        </div>
      )}
    </Section>
  );
}
