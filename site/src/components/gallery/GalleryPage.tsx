import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import AppHeader from '../shell/AppHeader.tsx';
import GalleryTitle from './GalleryTitle.tsx';
import type { TUser } from '../../stores/user.ts';

/** The gallery body. PLACEHOLDER: the slot grid (spec §2 /gallery) replaces it. */
function GalleryBody({ user }: { user: TUser }) {
  return (
    <main id="main" className="container gallery">
      <div className="gallery-head">
        <p className="eyebrow">Private gallery · {user.maxSlots.toLocaleString('en-US')} slots</p>
        <GalleryTitle />
      </div>
      <section className="card gallery-placeholder" aria-label="Gallery">
        <p className="muted">Your gallery wall is being hung. Your slots will appear here.</p>
      </section>
    </main>
  );
}

/** The /gallery island root: guarded by RequireUser, header plus gallery. */
function GalleryPage() {
  return (
    <RequireUser>
      {(user) => (
        <>
          <AppHeader user={user} current="gallery" />
          <GalleryBody user={user} />
        </>
      )}
    </RequireUser>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(GalleryPage);
