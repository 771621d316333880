import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { recheckAuth } from '../lib/auth/store.client.ts';

/**
 * Every island renders inside this boundary: an error in one island shows a small message
 * with a retry button instead of blanking the island or breaking its neighbours.
 */

interface Props {
  children: ReactNode;
  /** Island name for the log line. */
  name?: string | undefined;
  /** Runs before the island renders again; by default "Try again" re-checks authentication. */
  onRetry?: (() => void | Promise<void>) | undefined;
}

interface State {
  error: Error | null;
  retrying: boolean;
}

export class IslandBoundary extends Component<Props, State> {
  override state: State = { error: null, retrying: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[island${this.props.name ? ` ${this.props.name}` : ''}] ${error.message}`, info.componentStack);
    // The page's error reporting (src/lib/site-runtime/errors.client.ts) sends it to /api/errors.
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('app:island-error', { detail: error }));
  }

  retry = async (): Promise<void> => {
    this.setState({ retrying: true });
    try {
      await (this.props.onRetry ?? recheckAuth)();
    } catch (error) {
      console.error('[island] retry failed', error);
    }
    this.setState({ error: null, retrying: false });
  };

  override render(): ReactNode {
    const { error, retrying } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="card border-red-300 p-4 text-sm dark:border-red-900">
        <p className="font-semibold text-red-800 dark:text-red-300">An error occurred:</p>
        <p className="mt-1 break-words text-content">{error.message}</p>
        <button type="button" className="btn btn-secondary mt-3" onClick={this.retry} disabled={retrying}>
          Try again
        </button>
      </div>
    );
  }
}

/** Wraps an island component in the boundary: `export default withIslandBoundary(MyIsland, 'MyIsland')`. */
export function withIslandBoundary<P extends object>(Island: ComponentType<P>, name: string): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <IslandBoundary name={name}>
        <Island {...props} />
      </IslandBoundary>
    );
  }
  Bounded.displayName = `WithIslandBoundary(${name})`;
  return Bounded;
}
