import { useEffect, useState } from 'react';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import AppHeader from '../shell/AppHeader.tsx';
import ProFeatureList from '../pricing/ProFeatureList.tsx';
import { syncSubscription } from '../../stores/billing.ts';
import { migrateSavedCollection } from './migrate-collection.ts';
import type { TUser } from '../../stores/user.ts';

/** docs/product.md §9: /payment-success waits up to 30 s for PRO. */
export const PRO_WAIT_MS = 30_000;
const POLL_MS = 2_000;

type TPhase = 'waiting' | 'pro' | 'timeout';

/** Syncs until the account is PRO or the wait is over; on PRO, migrates a saved anonymous collection. */
function useProWait(initial: TUser): TPhase {
  const [phase, setPhase] = useState<TPhase>(initial.isPro ? 'pro' : 'waiting');
  useEffect(() => {
    let stopped = false;
    const deadline = Date.now() + PRO_WAIT_MS;
    const tick = async () => {
      const answer = await syncSubscription().catch(() => null);
      if (stopped) return;
      if (answer?.user.isPro) {
        setPhase('pro');
        await migrateSavedCollection();
        return;
      }
      if (Date.now() >= deadline) setPhase('timeout');
      else window.setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }, []);
  return phase;
}

function SuccessBody({ user }: { user: TUser }) {
  const phase = useProWait(user);
  return (
    <main id="main" className="container pay-wrap">
      <div className="card form-card pay-card pay-result" aria-live="polite">
        {phase === 'waiting' && (
          <div role="status" className="pay-waiting">
            <div className="spinner" aria-hidden="true" />
            <h1 className="form-card-title">Processing Payment...</h1>
            <p className="muted">Confirming your subscription with the payment provider. This takes a few seconds.</p>
          </div>
        )}
        {phase === 'pro' && (
          <>
            <span className="badge badge-accent">PRO</span>
            <h1 className="form-card-title">Welcome to Ratio PRO!</h1>
            <p className="muted">Your subscription is active. Everything below is yours now:</p>
            <ProFeatureList />
            <div className="pay-buttons">
              <a className="btn btn-primary" href="/gallery">
                Go to Gallery
              </a>
              <a className="btn" href="/account">
                Account Settings
              </a>
            </div>
          </>
        )}
        {phase === 'timeout' && (
          <>
            <h1 className="form-card-title">Payment Successful!</h1>
            <p className="muted">Your payment went through. PRO may take a moment more to show: refresh the page, or head to your gallery.</p>
            <div className="pay-buttons">
              <a className="btn btn-primary" href="/gallery">
                Go to Gallery
              </a>
              <button type="button" className="btn" onClick={() => window.location.reload()}>
                Refresh Page
              </button>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

/** The /payment-success island root (docs/product.md §2 /payment-success). */
function PaymentSuccessPage() {
  return (
    <RequireUser>
      {(user) => (
        <>
          <AppHeader user={user} />
          <SuccessBody user={user} />
        </>
      )}
    </RequireUser>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(PaymentSuccessPage, { page: true });
