import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

interface Props {
  open: boolean;
  /** Called when the visitor dismisses the dialog: Esc or a click on the backdrop. */
  onClose(): void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog rendered at the end of <body>. While it is open the rest of the page is inert
 * (except the notification area, so a toast about the action stays readable above the backdrop),
 * Tab cycles inside it, Esc and a backdrop click close it, and focus returns to the opener.
 * Not the native <dialog>: its top layer would cover the toasts.
 */
export default function Dialog({ open, onClose, labelledBy, describedBy, className, children }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const layer = layerRef.current;
    const inerted: HTMLElement[] = [];
    for (const child of Array.from(document.body.children)) {
      if (child === layer || !(child instanceof HTMLElement) || child.inert) continue;
      if (child.matches('.toaster') || child.querySelector('.toaster')) continue;
      child.inert = true;
      inerted.push(child);
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) {
      (panel.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
    }
    return () => {
      for (const el of inerted) el.inert = false;
      document.body.style.overflow = overflow;
      // The opener may be gone (a deleted card's button); then focus stays where the browser puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div ref={layerRef} className="dialog-layer" onKeyDown={onKeyDown}>
      <div className="dialog-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`ratio-dialog ${className ?? ''}`}
      >
        <div className="ratio-dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
