// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUsernameCheck, type UsernameCheckState } from './useUsernameCheck.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let root: Root;
let container: HTMLElement;
let state: UsernameCheckState;

function Probe({ username, fetcher }: { username: string; fetcher: typeof fetch }) {
  const [checked] = useUsernameCheck(username, fetcher);
  expose(checked);
  return null;
}
const expose = (checked: UsernameCheckState) => (state = checked);

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

const reply = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

describe('useUsernameCheck', () => {
  it('is none when empty and invalid at once for a broken rule, without calling the API', () => {
    const fetcher = reply({});
    act(() => root.render(<Probe username="" fetcher={fetcher} />));
    expect(state).toEqual({ status: 'none', message: '' });
    act(() => root.render(<Probe username="ab" fetcher={fetcher} />));
    expect(state).toEqual({ status: 'invalid', message: 'Username must be at least 3 characters long' });
    act(() => root.render(<Probe username="Admin" fetcher={fetcher} />));
    expect(state.message).toBe('This username is reserved and cannot be used');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('checks 500 ms after typing stops, then says available', async () => {
    const fetcher = reply({ available: true, message: '✓ Username is available' });
    act(() => root.render(<Probe username="play" fetcher={fetcher} />));
    act(() => root.render(<Probe username="player" fetcher={fetcher} />));
    expect(state.status).toBe('checking');
    await act(async () => vi.advanceTimersByTime(499));
    expect(fetcher).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(String((fetcher.mock.calls[0] as unknown[])[0])).toBe('/api/auth/check-username?username=player');
    expect(state).toEqual({ status: 'available', message: '✓ Username is available' });
  });

  it('says taken', async () => {
    const fetcher = reply({ available: false, message: 'Username is already taken.' });
    act(() => root.render(<Probe username="player" fetcher={fetcher} />));
    await act(async () => vi.advanceTimersByTime(500));
    expect(state).toEqual({ status: 'taken', message: 'Username is already taken.' });
  });

  it('a failed check is invalid with the network message', async () => {
    const fetcher = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => root.render(<Probe username="player" fetcher={fetcher as typeof fetch} />));
    await act(async () => vi.advanceTimersByTime(500));
    expect(state).toEqual({ status: 'invalid', message: 'Network error. Please check your connection and try again.' });
  });
});
