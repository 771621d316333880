import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithRetry } from './supabase.client.ts';

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
  it('recovers when a retry succeeds', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response('ok'));
    vi.stubGlobal('fetch', fetchMock);
    const result = fetchWithRetry('/x');
    await vi.runAllTimersAsync();
    expect(await (await result).text()).toBe('ok');
  });
});
