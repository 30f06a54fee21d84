import type { ReactNode } from 'react';

/** The TEST MODE label of local billing: nobody is charged, and the page says so. */
export default function TestModeNote({ children }: { children?: ReactNode }) {
  return (
    <div className="test-mode" role="note" data-testid="test-mode">
      <span className="badge test-mode-badge">TEST MODE</span>
      <p>
        No real card is charged. This Ratio runs local billing for testing.{children ? ' ' : ''}
        {children}
      </p>
    </div>
  );
}
