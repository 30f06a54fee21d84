import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { errorMessage } from '../../lib/api.ts';
import { $billingConfig, loadBillingConfig, openCheckout, startCheckout } from '../../stores/billing.ts';
import { toast } from '../../stores/toast.ts';
import { deferredChargeText, firstChargeDate, PRO_PRICE_LABEL } from '../../../../core/billing.ts';
import { formatShortDate } from '../../../../core/format.ts';
import TestModeNote from '../ui/TestModeNote.tsx';
import SetupFailed from './SetupFailed.tsx';
import PricingAside from './PricingAside.tsx';
import type { TStepProps } from './steps.ts';

/** docs/product.md §8 checkout errors: which toast a failed start shows. */
function checkoutError(err: unknown, trialUpgrade: boolean): void {
  if (err instanceof Error && err.message === 'No payment details received') {
    toast({ title: 'Error', description: 'No payment details received', variant: 'error' });
  } else if (trialUpgrade) {
    toast({ title: 'Error', description: errorMessage(err, 'Failed to create upgrade checkout. Please try again.'), variant: 'error' });
  } else {
    toast({ title: 'Upgrade failed', description: 'Please try again or contact support.', variant: 'error' });
  }
}

/**
 * The payment step of /pricing (docs/product.md §2): 'Upgrade to Ratio PRO', $10/month and 'Subscribe to PRO
 * - $10/month', which leads to /payment (signed in) or to the hosted checkout (a visitor, in a new
 * tab). 'BACK TO FREE TRIAL' toggles to the trial step. A trial upgrade needs the signed-in user.
 */
export default function PaymentStep({ goTo, user, trialUpgrade }: TStepProps) {
  const config = useStore($billingConfig);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);

  useEffect(() => {
    loadBillingConfig().catch(() => setFailed(true));
  }, []);

  if (failed) return <SetupFailed />;
  if (user === null && trialUpgrade) {
    return (
      <div className="card form-card guard-card pricing-guard" role="alert">
        <h1 className="form-card-title">Sign In Required</h1>
        <p className="muted">Sign in to continue your PRO upgrade.</p>
        <a className="btn btn-primary" href="/api/login">
          Sign In
        </a>
      </div>
    );
  }

  // During the trial the paid period starts when it ends (the server's rule: core/billing.ts firstChargeDate).
  const chargeAt = user?.trialEndDate ? firstChargeDate(new Date(user.trialEndDate), new Date()) : null;

  const onSubscribe = async () => {
    const upgrade = Boolean(user?.isTrialActive);
    setBusy(true);
    try {
      const next = await startCheckout(upgrade);
      if (next.kind === 'payment') {
        window.location.assign(next.path);
        return;
      }
      setCheckoutUrl(next.url);
      openCheckout(next.url);
      setBusy(false);
    } catch (err) {
      checkoutError(err, upgrade);
      setBusy(false);
    }
  };

  return (
    <div className="pricing-grid" data-step="payment">
      <div className="card form-card">
        {trialUpgrade ? <span className="badge badge-accent">Trial Upgrade</span> : <p className="eyebrow">Subscribe</p>}
        <h1 className="form-card-title">Upgrade to Ratio PRO</h1>
        <div className="pay-summary">
          <div className="pay-line">
            <span>Ratio PRO, monthly</span>
            <strong>{PRO_PRICE_LABEL}</strong>
          </div>
          <div className="pay-line muted">
            <span>Renews every month. Cancel anytime.</span>
          </div>
        </div>
        {chargeAt && (
          <p className="pay-note" data-testid="first-charge">
            {deferredChargeText(formatShortDate(chargeAt))}
          </p>
        )}
        {config?.billing.provider === 'local' && <TestModeNote />}
        <p className="muted pay-next">
          {user === null
            ? 'You will pay on a secure checkout page, then choose the password for your new account.'
            : 'Next you enter your card on a secure payment form. Card details never touch our server.'}
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={onSubscribe} disabled={busy || !config} aria-busy={busy}>
          {busy ? 'Processing...' : `Subscribe to PRO - ${PRO_PRICE_LABEL}`}
        </button>
        {checkoutUrl && (
          <p className="pay-next" role="status">
            Checkout opened in a new tab. <a href={checkoutUrl}>Open it here</a> if it did not.
          </p>
        )}
        <div className="pricing-actions">
          <button type="button" className="btn btn-ghost btn-block" onClick={() => goTo('trial')} disabled={busy}>
            BACK TO FREE TRIAL
          </button>
        </div>
        <div className="form-card-footer">{user ? <a href="/gallery">Back to Gallery</a> : <a href="/collection">Back to Collection</a>}</div>
      </div>
      <PricingAside note="Billed monthly. Cancel anytime; PRO runs to the end of the month you paid for." />
    </div>
  );
}
