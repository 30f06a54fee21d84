import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $user, loadUser, startUserRefresh, type TUser } from '../../stores/user.ts';
import Spinner from '../ui/Spinner.tsx';

interface Props {
  /** Renders the protected page for the signed-in user. */
  children: (user: TUser) => ReactNode;
  /** Shown while a signed-out visitor is sent to /auth. */
  signedOutMessage?: string;
}

/** Where signed-out visitors of a protected page go (docs/product.md §2, §6). */
export const SIGN_IN_PATH = '/auth';

/**
 * The guard of protected pages (docs/product.md §2 /gallery): a spinner while GET /api/user loads, the page
 * when signed in, otherwise a redirect to /auth. It also keeps the user fresh (docs/product.md §9), so an
 * expired session is caught while the page stays open.
 */
export default function RequireUser({ children, signedOutMessage = 'Please sign in to continue' }: Props) {
  const user = useStore($user);
  const [failed, setFailed] = useState(false);

  const load = () => {
    setFailed(false);
    loadUser().catch(() => setFailed(true));
  };

  useEffect(() => {
    if ($user.get() === undefined) load();
    return startUserRefresh();
  }, []);

  useEffect(() => {
    if (user === null) window.location.replace(SIGN_IN_PATH);
  }, [user]);

  if (failed) {
    return (
      <main id="main" className="page-center">
        <div className="card guard-card" role="alert">
          <h1 className="guard-title">Failed to fetch user</h1>
          <p className="muted">Check your connection and try again.</p>
          <button type="button" className="btn btn-primary" onClick={load}>
            Try Again
          </button>
        </div>
      </main>
    );
  }
  if (user === undefined) return <Spinner label="Loading your account…" />;
  if (user === null) {
    return (
      <main id="main" className="page-center">
        <div className="card guard-card">
          <h1 className="guard-title">{signedOutMessage}</h1>
          <a className="btn btn-primary" href={SIGN_IN_PATH}>
            Sign In
          </a>
        </div>
      </main>
    );
  }
  return <>{children(user)}</>;
}
