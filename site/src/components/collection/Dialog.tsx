import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  /** Called when the dialog closes itself: Esc, a click on the backdrop, or a close() call. */
  onClose(): void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert (focus
 * stays inside), Esc closes it, and focus returns to what was focused before it opened. The content
 * renders only while open, so its form state starts fresh each time.
 */
export default function Dialog({ open, onClose, labelledBy, describedBy, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pressedBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      onCloseRef.current();
      // The opener may be gone (a deleted card's button); then the browser's default applies.
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`ratio-dialog ${className ?? ''}`}
      onMouseDown={(event) => {
        pressedBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its content box; a text
        // selection that merely ends outside must not close it.
        if (pressedBackdrop.current && event.target === ref.current) ref.current.close();
        pressedBackdrop.current = false;
      }}
    >
      {open && <div className="ratio-dialog-body">{children}</div>}
    </dialog>
  );
}
