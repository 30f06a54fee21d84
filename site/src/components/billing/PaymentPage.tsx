import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import AppHeader from '../shell/AppHeader.tsx';
import Spinner from '../ui/Spinner.tsx';
import SetupFailed from '../pricing/SetupFailed.tsx';
import { $billingConfig, loadBillingConfig, pendingPaymentStep, syncSubscription, UPGRADE_DONE_PATH } from '../../stores/billing.ts';
import { toast } from '../../stores/toast.ts';
import { deferredChargeText, PRO_PRICE_LABEL } from '../../../../core/billing.ts';
import { formatShortDate } from '../../../../core/format.ts';
import { PRO_PRICE_CENTS } from '../../../../core/limits.ts';

const PRO_PRICE_TODAY = `$${(PRO_PRICE_CENTS / 100).toFixed(2)}`;
import StripePaymentForm from './StripePaymentForm.tsx';
import TestPaymentForm from './TestPaymentForm.tsx';

/** docs/product.md §4 Payment: after the provider confirmed, sync the subscription, then /account?upgrade=success. */
async function finishPayment(): Promise<void> {
  await syncSubscription().catch(() => undefined);
  window.location.assign(UPGRADE_DONE_PATH);
}

function paymentFailed(message: string): void {
  toast({ title: 'Payment Failed', description: message, variant: 'error' });
}

/** The body of /payment: order summary and the provider's form. */
function PaymentBody({ clientSecret, firstCharge }: { clientSecret: string; firstCharge: Date | null }) {
  const config = useStore($billingConfig);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadBillingConfig().catch(() => setFailed(true));
  }, []);
  if (failed)
    return (
      <div className="pay-wrap">
        <SetupFailed />
      </div>
    );

  const onFailed = (message: string) => {
    setError(message);
    paymentFailed(message);
  };
  const common = { clientSecret, onPaid: finishPayment, onFailed, cancelHref: '/account' };
  return (
    <main id="main" className="container pay-wrap">
      <div className="card form-card pay-card">
        <p className="eyebrow">Ratio PRO</p>
        <h1 className="form-card-title">Complete Your Upgrade</h1>
        <div className="pay-summary" aria-label="Order summary">
          <div className="pay-line">
            <span>Ratio PRO, monthly</span>
            <strong>{PRO_PRICE_LABEL}</strong>
          </div>
          <div className="pay-line muted">
            <span>Up to 1,000 cards, layouts, swap, analytics</span>
          </div>
          <div className="pay-line pay-total">
            <span>Due today</span>
            <strong>{firstCharge ? '$0.00' : PRO_PRICE_TODAY}</strong>
          </div>
        </div>
        {firstCharge && (
          <p className="pay-note" data-testid="first-charge">
            {deferredChargeText(formatShortDate(firstCharge))}
          </p>
        )}
        {error && (
          <div className="pay-error" role="alert" data-testid="payment-error">
            <strong>Payment Failed</strong> {error}
          </div>
        )}
        {!config && <Spinner label="Loading the payment form…" />}
        {config?.billing.provider === 'local' && <TestPaymentForm {...common} testCards={config.testCards} />}
        {config?.billing.provider === 'stripe' && config.publishableKey && <StripePaymentForm {...common} publishableKey={config.publishableKey} />}
      </div>
    </main>
  );
}

/**
 * The /payment island root (docs/product.md §2 /payment): needs client_secret and subscription_id (else
 * /pricing), a signed-in user, and shows 'Complete Your Upgrade'.
 */
function PaymentPage() {
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [firstCharge, setFirstCharge] = useState<Date | null>(null);
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const secret = q.get('client_secret');
    if (!secret || !q.get('subscription_id')) {
      window.location.replace('/pricing');
      return;
    }
    const charge = new Date(q.get('first_charge') ?? '');
    if (!Number.isNaN(charge.getTime())) setFirstCharge(charge);
    setSubscriptionId(q.get('subscription_id'));
    setClientSecret(secret);
  }, []);
  // The server's word on when the card is charged (a link without first_charge, or an edited one).
  useEffect(() => {
    if (!subscriptionId) return;
    pendingPaymentStep(subscriptionId)
      .then((step) => setFirstCharge(step.firstChargeAt ? new Date(step.firstChargeAt) : null))
      .catch(() => undefined);
  }, [subscriptionId]);
  if (!clientSecret) return <Spinner label="Loading…" />;
  return (
    <RequireUser signedOutMessage="Sign in to complete your upgrade">
      {(user) => (
        <>
          <AppHeader user={user} />
          <PaymentBody clientSecret={clientSecret} firstCharge={firstCharge} />
        </>
      )}
    </RequireUser>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(PaymentPage, { page: true });
