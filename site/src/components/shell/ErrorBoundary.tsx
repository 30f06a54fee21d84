import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import BrandMark from './BrandMark.tsx';

interface Props { children: ReactNode }
interface State { error: Error | null }

/**
 * The generic crash screen of docs/product.md §2. Wrap the root of every island in it, so one broken island
 * shows 'Something went wrong' instead of a blank page. It carries the wordmark and a way home, since
 * an island that draws its own header (gallery, account) takes that header down with it.
 */
export default class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Island crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="page-center crash-screen" role="alert">
        <div className="card" style={{ maxWidth: 520, width: '100%' }}>
          <div style={{ marginBottom: '1rem' }}><BrandMark /></div>
          <h2>Something went wrong</h2>
          <p className="muted">We encountered an unexpected error. Please try refreshing the page.</p>
          <div className="crash-actions">
            <button type="button" className="btn btn-primary" onClick={() => this.setState({ error: null })}>
              Try Again
            </button>
            <button type="button" className="btn" onClick={() => window.location.reload()}>
              Refresh Page
            </button>
            <a className="btn btn-ghost" href="/">Go Home</a>
          </div>
          <details>
            <summary className="muted">Error details</summary>
            <pre style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem', color: 'var(--text-muted)' }}>
              {error.message}
              {error.stack ? `\n\n${error.stack}` : ''}
            </pre>
          </details>
        </div>
      </div>
    );
  }
}

/**
 * Wraps a component in ErrorBoundary. Island roots export `withErrorBoundary(Root)` as their
 * default, so every island shows the crash screen instead of disappearing.
 */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `withErrorBoundary(${Inner.displayName ?? Inner.name})`;
  return Bounded;
}
