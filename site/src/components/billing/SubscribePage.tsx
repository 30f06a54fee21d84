import { useEffect } from 'react';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import AppHeader from '../shell/AppHeader.tsx';
import { markSubscribeVisit } from '../../stores/user.ts';

/**
 * /subscribe (docs/product.md §2, §9): while here the user is refreshed every 5 s until PRO (RequireUser's
 * refresh reads the visit mark, which also keeps the 5 s pace for 3 minutes after leaving).
 */
function SubscribePage() {
  useEffect(markSubscribeVisit, []);
  return (
    <RequireUser>
      {(user) => (
        <>
          <AppHeader user={user} />
          <main id="main" className="container pay-wrap">
            <div className="card form-card pay-card pay-result" aria-live="polite" data-testid="subscribe-state" data-pro={user.isPro}>
              {user.isPro ? (
                <>
                  <span className="badge badge-accent">PRO</span>
                  <h1 className="form-card-title">Welcome to Ratio PRO!</h1>
                  <p className="muted">Your subscription is active.</p>
                  <a className="btn btn-primary" href="/gallery">
                    Go to Gallery
                  </a>
                </>
              ) : (
                <div role="status" className="pay-waiting">
                  <div className="spinner" aria-hidden="true" />
                  <h1 className="form-card-title">Waiting for your subscription</h1>
                  <p className="muted">Finish paying in the checkout tab; this page updates by itself as soon as PRO is on.</p>
                  <a className="btn" href="/pricing">
                    Back to Pricing
                  </a>
                </div>
              )}
            </div>
          </main>
        </>
      )}
    </RequireUser>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(SubscribePage, { page: true });
