import { useState } from 'react';
import type { TUser } from '../../stores/user.ts';
import { logout } from '../../stores/user.ts';
import { toast } from '../../stores/toast.ts';
import BrandMark from './BrandMark.tsx';
import ThemeToggleButton from './ThemeToggleButton.tsx';

interface Props {
  /** The signed-in user, or null (then SIGN IN shows instead of the account links). */
  user: TUser | null;
  /** The page showing the header, to mark the current link. */
  current?: 'gallery' | 'account' | 'admin';
}

/**
 * The header of signed-in pages (docs/product.md §2 /gallery): PRO VERSION / FREE VERSION label, theme
 * toggle, SETTINGS and the user's name (both to /account), LOG OUT (to /auth) or SIGN IN.
 */
export default function AppHeader({ user, current }: Props) {
  const [leaving, setLeaving] = useState(false);

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
      window.location.assign('/auth');
    } catch {
      setLeaving(false);
      toast({ title: 'Logout failed', variant: 'error' });
    }
  };

  const pro = user?.hasProFeatures ?? false;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <header className="site-header app-header">
      <div className="container site-header-inner">
        <div className="app-header-start">
          <BrandMark href="/gallery" />
          {user && (
            <span className={`badge version-label ${pro ? 'badge-accent' : ''}`} data-testid="version-label">
              {pro ? 'PRO VERSION' : 'FREE VERSION'}
            </span>
          )}
        </div>
        <nav className="site-nav app-nav" aria-label="Account">
          {current !== 'gallery' && user && (
            <a className="nav-link" href="/gallery">
              GALLERY
            </a>
          )}
          {user ? (
            <>
              {user.isAdmin && (
                <a className="nav-link nav-optional" href="/admin" aria-current={current === 'admin' ? 'page' : undefined}>
                  ADMIN
                </a>
              )}
              <a className="nav-link" href="/account" aria-current={current === 'account' ? 'page' : undefined}>
                SETTINGS
              </a>
              <a className="nav-link nav-name" href="/account" title="Account settings">
                {name || user.email}
              </a>
              <button type="button" className="nav-link nav-button" onClick={onLogout} disabled={leaving}>
                {leaving ? 'LOGGING OUT...' : 'LOG OUT'}
              </button>
            </>
          ) : (
            <a className="nav-link" href="/auth">
              SIGN IN
            </a>
          )}
        </nav>
        <ThemeToggleButton />
      </div>
    </header>
  );
}
