import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $subscription, loadSubscription, openBillingPortal, reactivateSubscription } from '../../stores/billing.ts';
import type { TUser } from '../../stores/user.ts';
import { formatShortDate } from '../../../../core/format.ts';

const days = (n: number | null | undefined) => (n === 1 ? '1 day' : `${n ?? 0} days`);

/** Reactivate (or the billing portal, when that is how this account pays again), as the server allows. */
function RecoverButton() {
  const status = useStore($subscription);
  const [busy, setBusy] = useState(false);
  if (!status) return null;
  const reactivate = status.actions.reactivate;
  if (!reactivate && !status.actions.portal) return null;
  const onClick = async () => {
    setBusy(true);
    await (reactivate ? reactivateSubscription() : openBillingPortal());
    setBusy(false);
  };
  return (
    <button type="button" className="btn btn-primary" onClick={onClick} disabled={busy}>
      {reactivate ? (busy ? 'Reactivating...' : 'Reactivate') : busy ? 'Opening...' : 'Update Payment'}
    </button>
  );
}

/**
 * The subscription banners of docs/product.md §4, by the banner the API sent (user.banner): grace period
 * (with its end date and Reactivate), data retention (days until deletion and Reactivate),
 * suspended, and legacy. pro_active and free show none; the dates come from the status call.
 */
export default function SubscriptionBanner({ user }: { user: TUser }) {
  const status = useStore($subscription);
  const kind = user.banner;
  const shown = kind === 'grace_period' || kind === 'data_retention' || kind === 'suspended' || kind === 'grandfathered';
  useEffect(() => {
    if (shown && kind !== 'grandfathered') void loadSubscription();
  }, [kind, shown]);
  if (!shown) return null;

  if (kind === 'grandfathered') {
    return (
      <section className="g-banner tone-green" aria-label="Your plan" data-testid="subscription-banner" data-banner={kind}>
        <div className="g-banner-main">
          <span className="g-banner-label">LEGACY</span>
          <p className="g-banner-text">
            <strong>Legacy Account</strong>
          </p>
          <p className="g-banner-note">You joined early: 10 cards with every PRO feature, no subscription needed.</p>
        </div>
      </section>
    );
  }
  const copy = {
    grace_period: {
      tone: 'yellow',
      label: 'CANCELLED',
      title: 'Subscription Cancelled - Grace Period Active',
      note: status?.gracePeriodEndDate
        ? `Every PRO benefit continues until ${formatShortDate(status.gracePeriodEndDate)}. Reactivate to keep PRO after that.`
        : 'Every PRO benefit continues to the end of the period you paid for.',
    },
    data_retention: {
      tone: 'orange',
      label: 'ENDED',
      title: 'Limited Access - Reactivate Soon',
      note: `${days(status?.daysLeft)} until data deletion: cards past slot 10 are blurred and read-only, then deleted. Reactivate to keep them.`,
    },
    suspended: {
      tone: 'ended',
      label: 'SUSPENDED',
      title: 'Account Suspended',
      note: 'A renewal payment failed. Update your payment method to restore PRO.',
    },
  }[kind];
  return (
    <section className={`g-banner tone-${copy.tone}`} aria-label="Your subscription" data-testid="subscription-banner" data-banner={kind}>
      <div className="g-banner-main">
        <span className="g-banner-label">{copy.label}</span>
        <p className="g-banner-text">
          <strong>{copy.title}</strong>
        </p>
        <p className="g-banner-note">{copy.note}</p>
      </div>
      <RecoverButton />
    </section>
  );
}
