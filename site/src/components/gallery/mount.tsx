/**
 * /gallery's script: React takes over the wall the server drew (first-screen.tsx), hydrating it in
 * place, so nothing moves or flashes; a page the server did not draw (no settings written in it) is
 * rendered here instead. The hydration waits for the server's first screen to be painted (a frame,
 * then a task after it: on a fast connection the scripts are in before the page is parsed and would
 * otherwise run ahead of its first paint), and runs as a transition, which React does in slices of
 * a few milliseconds that yield to the browser, instead of one long task. Once React runs the page, the root says so (`data-live`: tests and
 * benches wait for it as for Astro's islands).
 */
import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { WALL_ROOT_ID, WALL_SETTINGS_ELEMENT_ID } from '../../../../core/first-screen.ts';
import GalleryPage from './GalleryPage.tsx';
import afterFirstPaintCss from './after-first-paint.css?url';

// The dialogs' styles, not inlined in the page (after-first-paint.css): a stylesheet added by a script does not hold up the first paint.
const stylesheet = document.createElement('link');
stylesheet.rel = 'stylesheet';
stylesheet.href = afterFirstPaintCss;
document.head.append(stylesheet);

const root = document.getElementById(WALL_ROOT_ID)!;

/** Marks the root live after React's first commit (renders its children as they are: the DOM is the server's). */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => {
    root.dataset.live = '';
  }, []);
  return children;
}

const page = (
  <Live>
    <GalleryPage />
  </Live>
);
const hydrate = () =>
  startTransition(() => {
    hydrateRoot(root, page, {
      // A first screen the browser would draw otherwise (it should never happen): counted, so a test sees it.
      onRecoverableError(error) {
        root.dataset.hydrationErrors = String(Number(root.dataset.hydrationErrors ?? 0) + 1);
        console.error(error);
      },
    });
  });
if (document.getElementById(WALL_SETTINGS_ELEMENT_ID)) requestAnimationFrame(() => setTimeout(hydrate, 0));
else createRoot(root).render(page);
