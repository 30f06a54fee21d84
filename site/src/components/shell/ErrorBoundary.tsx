import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import BrandMark from './BrandMark.tsx';

interface Props {
  children: ReactNode;
  /** The island is the page's whole content (it draws the page's own main): the crash screen takes its place as main, with the page's h1. */
  page?: boolean | undefined;
}
interface State {
  error: Error | null;
}

/**
 * The generic crash screen of docs/product.md §2. Wrap the root of every island in it, so one broken island
 * shows 'Something went wrong' instead of a blank page. It carries the wordmark and a way home, since
 * an island that draws its own header (gallery, account) takes that header down with it. Such an
 * island (`page`) also takes the page's main landmark and h1 with it, so its crash screen is the
 * page's main (the skip link's target) with the heading as h1; inside a layout's main it stays a
 * section with an h2.
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
    const Heading = this.props.page ? 'h1' : 'h2';
    const screen = (
      <div className="card" role="alert" style={{ maxWidth: 520, width: '100%' }}>
        <div style={{ marginBottom: '1rem' }}>
          <BrandMark />
        </div>
        <Heading className="crash-title">Something went wrong</Heading>
        <p className="muted">We encountered an unexpected error. Please try refreshing the page.</p>
        <div className="crash-actions">
          <button type="button" className="btn btn-primary" onClick={() => this.setState({ error: null })}>
            Try Again
          </button>
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
          <a className="btn btn-ghost" href="/">
            Go Home
          </a>
        </div>
        <details>
          <summary className="muted">Error details</summary>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem', color: 'var(--text-muted)' }}>
            {error.message}
            {error.stack ? `\n\n${error.stack}` : ''}
          </pre>
        </details>
      </div>
    );
    return this.props.page ? (
      <main id="main" className="page-center crash-screen">
        {screen}
      </main>
    ) : (
      <div className="page-center crash-screen">{screen}</div>
    );
  }
}

/**
 * Wraps a component in ErrorBoundary. Island roots export `withErrorBoundary(Root)` as their
 * default, so every island shows the crash screen instead of disappearing; `{ page: true }` for an
 * island that draws the page's main itself.
 */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>, options: { page?: boolean } = {}): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <ErrorBoundary page={options.page}>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `withErrorBoundary(${Inner.displayName ?? Inner.name})`;
  return Bounded;
}
