import { useEffect } from 'react';
import { loadCards } from '../../stores/gallery.ts';
import { mirrorWallToCookie } from '../../stores/wall-cookie.ts';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import AppHeader from '../shell/AppHeader.tsx';
import GalleryView from './GalleryView.tsx';

/**
 * The /gallery root: guarded by RequireUser, header plus gallery (docs/product.md §2 /gallery). Drawn on the
 * server for the first screen (first-screen.tsx), hydrated in the browser (mount.tsx).
 */
function GalleryPage() {
  // The cards load alongside the user, not after it. On /gallery the user, the first page of cards
  // and the saved layout are in the stores before this first renders (the page carries them): the
  // first render is the wall's first screen, and this loads the rest of it.
  useEffect(() => void loadCards(), []);
  // The server drew the first screen from the cookie; from now on it follows this browser's settings.
  useEffect(mirrorWallToCookie, []);
  return (
    <RequireUser>
      {(user) => (
        <>
          <AppHeader user={user} current="gallery" />
          <GalleryView user={user} />
        </>
      )}
    </RequireUser>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(GalleryPage, { page: true });
