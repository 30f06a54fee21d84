import { useEffect } from 'react';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import AppHeader from '../shell/AppHeader.tsx';
import { toast } from '../../stores/toast.ts';
import AccountSettings from './AccountSettings.tsx';

/** docs/product.md §2 /account: ?upgrade=success greets the new PRO member once, then the param is cleared. */
function useUpgradeWelcome(): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('upgrade') !== 'success') return;
    toast({ title: 'Welcome to Ratio PRO!', variant: 'success' });
    url.searchParams.delete('upgrade');
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
}

/** The /account island root: guarded by RequireUser, header plus settings. */
function AccountPage() {
  useUpgradeWelcome();
  return (
    <RequireUser signedOutMessage="Please sign in to access your account">
      {(user) => (
        <>
          <AppHeader user={user} current="account" />
          <AccountSettings user={user} />
        </>
      )}
    </RequireUser>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(AccountPage, { page: true });
