import type { ReactNode } from 'react';

/** A small spinner and a line saying what the payment step is waiting for, announced as a status. */
export default function PayProgress({ children }: { children: ReactNode }) {
  return (
    <p className="pay-progress" role="status">
      <span className="spinner spinner-sm" aria-hidden="true" /> {children}
    </p>
  );
}
