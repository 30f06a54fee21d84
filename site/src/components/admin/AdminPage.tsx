import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import AppHeader from '../shell/AppHeader.tsx';
import AdminDashboard from './AdminDashboard.tsx';

/** The /admin island root (docs/product.md §2 Admin dashboard): signed-in users only; the API decides who is an admin. */
function AdminPage() {
  return (
    <RequireUser signedOutMessage="Please sign in to view the dashboard">
      {(user) => (
        <>
          <AppHeader user={user} current="admin" />
          <AdminDashboard />
        </>
      )}
    </RequireUser>
  );
}

export default withErrorBoundary(AdminPage, { page: true });
