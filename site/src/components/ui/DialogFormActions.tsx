import type { ReactNode } from 'react';

/** A form dialog's footer: 'Cancel' (calls `onCancel`) and the primary submit button, labelled `children`. */
export default function DialogFormActions({ onCancel, disabled = false, children }: { onCancel: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {children}
      </button>
    </div>
  );
}
