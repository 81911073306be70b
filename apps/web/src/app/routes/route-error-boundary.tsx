import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  /** What is shown instead of the pages once one has thrown while rendering. */
  fallback: (error: unknown) => ReactNode;
  /** The current path: once it changes, the pages are shown again. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  caught: boolean;
  error: unknown;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { caught: false, error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { caught: true, error };
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.caught && previous.resetKey !== this.props.resetKey) this.setState({ caught: false, error: null });
  }

  render() {
    return this.state.caught ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Shows the error page in place of every page (the shell included) when a page throws while
 * rendering, instead of a blank screen, until the visitor goes to another path.
 */
export function RouteErrorBoundary({ fallback, children }: { fallback: (error: unknown) => ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary fallback={fallback} resetKey={pathname}>
      {children}
    </ErrorBoundary>
  );
}
