import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LOADING_DELAY_MS, TEXT } from '../constants.ts';

interface BoundaryProps {
  children: ReactNode;
  /** A new key clears the error (a route change, or a retry with fresh data). */
  resetKey?: string;
  fallback: (error: Error, reset: () => void) => ReactNode;
}

export class ErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidUpdate(prev: BoundaryProps) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    return error ? this.props.fallback(error, () => this.setState({ error: null })) : this.props.children;
  }
}

/** The page-crash fallback of the spec: 'This page crashed.', the message, 'Try again'. */
export function PageCrashed({ error, tryAgain }: { error: Error; tryAgain: () => void }) {
  return (
    <main id="main" className="page-crashed" tabIndex={-1}>
      <h1>{TEXT.pageCrashed}</h1>
      <p>{error.message}</p>
      <button type="button" className="button" onClick={tryAgain}>
        {TEXT.tryAgain}
      </button>
    </main>
  );
}

/**
 * A lazily loaded part of the shell: a spinner if it takes longer than the loader delay, and the
 * red error box with Retry (a full reload) if its code cannot be loaded.
 */
export function Loadable({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailed error={error} />}>
      <Suspense fallback={<DelayedSpinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function DelayedSpinner() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div className="loading" role="status" aria-label={TEXT.loading}>
      <span className="loading-ring" />
      <span className="loading-ring loading-ring-late" />
      <span className="loading-dot" />
    </div>
  );
}

function LoadFailed({ error }: { error: Error }) {
  return (
    <div className="load-error" role="alert">
      <p>{String(error)}</p>
      <button type="button" className="button" onClick={() => location.reload()}>
        {TEXT.retry}
      </button>
    </div>
  );
}
