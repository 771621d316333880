// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { IslandBoundary, withIslandBoundary } from './IslandBoundary.tsx';
import { bindAuthClient, resetAuthStore } from '../lib/auth/store.client.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let container: HTMLElement;
let root: Root;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // React and the boundary both log caught errors; keep the output clean but inspectable.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  consoleError.mockRestore();
});

/**
 * A child that throws until `fix()` is called (React itself re-renders a failing tree
 * once before giving up, so "throw on the first render only" would never reach the
 * boundary). `fix` is what an onRetry does: repair whatever made the island fail.
 */
function failing(message = 'Could not load reviews') {
  const state = { broken: true };
  function Child() {
    if (state.broken) throw new Error(message);
    return <p>Reviews loaded</p>;
  }
  return { Child, fix: () => void (state.broken = false) };
}

const tryAgain = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Try again');

describe('IslandBoundary', () => {
  it('renders its children when nothing throws', () => {
    act(() =>
      root.render(
        <IslandBoundary>
          <p>Hello</p>
        </IslandBoundary>,
      ),
    );
    expect(container.textContent).toBe('Hello');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows the error message and a "Try again" button when a child throws', () => {
    const { Child } = failing();
    act(() =>
      root.render(
        <IslandBoundary name="Reviews">
          <Child />
        </IslandBoundary>,
      ),
    );
    const alert = container.querySelector('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(alert?.textContent).toContain('An error occurred:');
    expect(alert?.textContent).toContain('Could not load reviews');
    expect(tryAgain()).toBeDefined();
    expect(container.textContent).not.toContain('Reviews loaded');
    expect(consoleError).toHaveBeenCalledWith('[island Reviews] Could not load reviews', expect.anything());
  });

  it('"Try again" calls onRetry and renders the children again', async () => {
    const { Child, fix } = failing();
    const onRetry = vi.fn(fix);
    act(() =>
      root.render(
        <IslandBoundary onRetry={onRetry}>
          <Child />
        </IslandBoundary>,
      ),
    );
    expect(container.textContent).toContain('An error occurred:');
    expect(onRetry).not.toHaveBeenCalled();

    await act(async () => tryAgain()!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('Reviews loaded');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('waits for an async onRetry before rendering again', async () => {
    const { Child, fix } = failing();
    let finishRetry!: () => void;
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (finishRetry = resolve)));
    act(() =>
      root.render(
        <IslandBoundary onRetry={onRetry}>
          <Child />
        </IslandBoundary>,
      ),
    );

    await act(async () => tryAgain()!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(container.textContent).toContain('An error occurred:');
    expect(tryAgain()?.disabled).toBe(true);

    fix();
    await act(async () => finishRetry());
    expect(container.textContent).toBe('Reviews loaded');
  });

  it('renders the children again even when onRetry fails', async () => {
    const { Child, fix } = failing();
    const onRetry = vi.fn(() => {
      fix();
      return Promise.reject(new Error('session check failed'));
    });
    act(() =>
      root.render(
        <IslandBoundary onRetry={onRetry}>
          <Child />
        </IslandBoundary>,
      ),
    );
    await act(async () => tryAgain()!.click());
    expect(container.textContent).toBe('Reviews loaded');
    expect(consoleError).toHaveBeenCalledWith('[island] retry failed', expect.any(Error));
  });

  it('without an onRetry, "Try again" re-checks authentication', async () => {
    const getSession = vi.fn(async () => ({ data: { session: null }, error: null }));
    const client = {
      auth: { getSession, onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }) },
    } as unknown as SupabaseClient;
    await bindAuthClient(client);
    expect(getSession).toHaveBeenCalledTimes(1);
    const { Child, fix } = failing();
    act(() =>
      root.render(
        <IslandBoundary>
          <Child />
        </IslandBoundary>,
      ),
    );
    fix();
    await act(async () => tryAgain()!.click());
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(container.textContent).toBe('Reviews loaded');
    resetAuthStore();
  });

  it('shows the error again when the child keeps failing', async () => {
    const { Child } = failing('Still broken');
    act(() =>
      root.render(
        <IslandBoundary>
          <Child />
        </IslandBoundary>,
      ),
    );
    await act(async () => tryAgain()!.click());
    expect(container.textContent).toContain('Still broken');
    expect(tryAgain()?.disabled).toBe(false);
  });

  it('contains the error to its own island', () => {
    const { Child: Broken } = failing('Island A failed');
    act(() =>
      root.render(
        <>
          <IslandBoundary>
            <Broken />
          </IslandBoundary>
          <IslandBoundary>
            <p>Island B works</p>
          </IslandBoundary>
        </>,
      ),
    );
    expect(container.textContent).toContain('Island A failed');
    expect(container.textContent).toContain('Island B works');
  });
});

describe('withIslandBoundary', () => {
  it('wraps an island so its errors show in the boundary', () => {
    const Bounded = withIslandBoundary(({ label }: { label: string }) => {
      throw new Error(`Failed: ${label}`);
    }, 'Ratings');
    expect(Bounded.displayName).toBe('WithIslandBoundary(Ratings)');
    act(() => root.render(<Bounded label="stars" />));
    expect(container.textContent).toContain('Failed: stars');
    expect(consoleError).toHaveBeenCalledWith('[island Ratings] Failed: stars', expect.anything());
  });

  it('passes props through when nothing fails', () => {
    const Bounded = withIslandBoundary(({ label }: { label: string }) => <span>{label}</span>, 'Label');
    act(() => root.render(<Bounded label="Hello there" />));
    expect(container.textContent).toBe('Hello there');
  });
});
