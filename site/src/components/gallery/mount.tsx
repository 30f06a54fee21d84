/**
 * /gallery's script: React takes over the wall the server drew (first-screen.tsx), hydrating it in
 * place, so nothing moves or flashes; a page the server did not draw (no settings written in it) is
 * rendered here instead. Once React runs the page, the root says so (`data-live`: tests and
 * benches wait for it as for Astro's islands).
 */
import { useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { WALL_ROOT_ID, WALL_SETTINGS_ELEMENT_ID } from '../../../../core/first-screen.ts';
import GalleryPage from './GalleryPage.tsx';

const root = document.getElementById(WALL_ROOT_ID)!;

/** Marks the root live after React's first commit (renders its children as they are: the DOM is the server's). */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => { root.dataset.live = ''; }, []);
  return children;
}

const page = <Live><GalleryPage /></Live>;
if (document.getElementById(WALL_SETTINGS_ELEMENT_ID)) {
  hydrateRoot(root, page, {
    // A first screen the browser would draw otherwise (it should never happen): counted, so a test sees it.
    onRecoverableError(error) {
      root.dataset.hydrationErrors = String(Number(root.dataset.hydrationErrors ?? 0) + 1);
      console.error(error);
    },
  });
} else createRoot(root).render(page);
