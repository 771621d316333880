import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import { fetchWithRetry, retryingFetch } from './supabase.client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchWithRetry (retried up to 3 times on a network failure)', () => {
  it('retries network failures three times, then gives up', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const result = fetchWithRetry('/x').catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(TypeError);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
  it('does not retry an HTTP error: that is an answer', async () => {
    const fetchMock = vi.fn(async () => new Response('no', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    expect((await fetchWithRetry('/x')).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it('gives an attempt that gets no answer up after the browser timeout, without a retry (the backend may have acted)', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as DOMException)),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = retryingFetch(REMOTE_TIMEOUT_MS.browserAuth)('https://abcd.supabase.co/auth/v1/signup', {
      method: 'POST',
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REMOTE_TIMEOUT_MS.browserAuth - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ name: 'TimeoutError' });
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it("keeps the caller's own abort", async () => {
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as DOMException)),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const caller = new AbortController();
    const result = retryingFetch(REMOTE_TIMEOUT_MS.browserAuth)('/x', { signal: caller.signal }).catch(
      (error: unknown) => error,
    );
    caller.abort(new Error('navigated away'));
    expect(await result).toMatchObject({ message: 'navigated away' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it('recovers when a retry succeeds', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response('ok'));
    vi.stubGlobal('fetch', fetchMock);
    const result = fetchWithRetry('/x');
    await vi.runAllTimersAsync();
    expect(await (await result).text()).toBe('ok');
  });
});
