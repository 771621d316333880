// Load from autocannon (a maintained load generator) in the bench's process, never the
// server's: the latency of every response is collected from its 'response' events, so the
// p50/p95 are computed here over all of them, not read from a histogram's buckets.
import autocannon from 'autocannon';
import { summarise, type Summary } from './stats.ts';

export const BROWSER_ENCODING = 'br, gzip';

/**
 * Headers for a request the bench sends with fetch (warm-up, priming a cached page) that
 * should take the same path as a row's requests. fetch sends `gzip, deflate` when no
 * Accept-Encoding is given, a path no row takes, so "no coding" is asked as `identity`.
 */
export function fetchHeaders(encoding: boolean, cookie?: string): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': encoding ? BROWSER_ENCODING : 'identity' };
  if (cookie) headers.cookie = cookie;
  return headers;
}

export interface LoadResult extends Summary {
  perSecond: number;
  /** Mean bytes per response on the wire (headers and body): shows whether it was compressed. */
  bytes: number;
  errors: number;
}

export interface LoadOptions {
  origin: string;
  /** The path of each request (called once per request, so paths can differ). */
  next: () => string;
  connections: number;
  seconds: number;
  encoding: boolean;
  cookie?: string;
  /** Requests a second on each connection; unset, each sends its next request as soon as the last is answered. */
  rate?: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const headers: Record<string, string> = {};
  if (options.encoding) headers['accept-encoding'] = BROWSER_ENCODING;
  if (options.cookie) headers.cookie = options.cookie;
  const samples: number[] = [];
  let bytes = 0;
  let errors = 0;
  const instance = autocannon({
    url: options.origin,
    connections: options.connections,
    ...(options.rate ? { connectionRate: options.rate } : {}),
    duration: options.seconds,
    timeout: 30,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: options.next() }) }],
  });
  instance.on('response', (_client, statusCode, responseBytes, responseTime) => {
    samples.push(responseTime);
    bytes += responseBytes;
    if (statusCode !== 200) errors += 1;
  });
  const result = await instance;
  errors += result.errors + result.timeouts;
  return { ...summarise(samples), perSecond: samples.length / result.duration, bytes: samples.length ? bytes / samples.length : 0, errors };
}
