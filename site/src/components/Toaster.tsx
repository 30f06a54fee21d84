import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, consumeFlashToast, dismissToast } from '../stores/toast.ts';
import './Toaster.css';

/** Spec §9: default display 5000 ms; swipe right past 50 px dismisses; F8 focuses the area. */
const DISPLAY_MS = 5000;
const SWIPE_THRESHOLD = 50;

/** The single notification area. Mount it once per page that has islands. */
export default function Toaster() {
  const current = useStore($toast);
  const regionRef = useRef<HTMLOListElement>(null);
  const [dragX, setDragX] = useState(0);
  const startX = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);
  // Server HTML never has a toast; another island may raise one before this one hydrates, so the
  // first client render must match the server's (empty) one.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    consumeFlashToast();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A new toast starts unpaused: a toast dismissed under the pointer never sees mouseleave.
  useEffect(() => setPaused(false), [current?.id]);

  useEffect(() => {
    setDragX(0);
    if (!current || paused) return;
    const timer = window.setTimeout(dismissToast, DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused]);

  const onPointerDown = (e: PointerEvent) => { startX.current = e.clientX; };
  const onPointerMove = (e: PointerEvent) => {
    if (startX.current !== null) setDragX(Math.max(0, e.clientX - startX.current));
  };
  const onPointerUp = () => {
    if (dragX > SWIPE_THRESHOLD) dismissToast();
    else setDragX(0);
    startX.current = null;
  };

  return (
    <section aria-label="Notifications (F8)" className="toaster">
      <ol ref={regionRef} tabIndex={-1} className="toaster-list" aria-live="polite">
        {mounted && current && (
          <li
            key={current.id}
            role="status"
            className={`toast toast-${current.variant ?? 'default'}`}
            style={{ transform: `translateX(${dragX}px)`, opacity: 1 - Math.min(dragX / 200, 0.8) }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onMouseEnter={() => setPaused(true)}
            onMouseLeave={() => setPaused(false)}
            data-testid="toast"
          >
            <div className="toast-body">
              <div className="toast-title">{current.title}</div>
              {current.description && <div className="toast-description">{current.description}</div>}
            </div>
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={dismissToast}>
              ×
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
