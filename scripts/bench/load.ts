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

/** What one load gave, before it is summarised: every response time, and over how long. */
interface Answers {
  samples: number[];
  bytes: number;
  errors: number;
  seconds: number;
}

async function answers(options: LoadOptions): Promise<Answers> {
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
  return { samples, bytes, errors: errors + result.errors + result.timeouts, seconds: result.duration };
}

function summariseAnswers({ samples, bytes, errors, seconds }: Answers): LoadResult {
  return {
    ...summarise(samples),
    perSecond: seconds > 0 ? samples.length / seconds : 0,
    bytes: samples.length ? bytes / samples.length : 0,
    errors,
  };
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  return summariseAnswers(await answers(options));
}

/** How long each turn of `loadInTurns` lasts: whole seconds, the unit autocannon counts time in. */
export const turnSeconds = (seconds: number, rounds: number): number => Math.max(1, Math.round(seconds / rounds));

/**
 * Loads several targets in turns: `rounds` rounds in which each target in order gets an
 * equal share of its `seconds` (`turnSeconds`), then each target's answers summarised
 * together. Targets meant to be divided by one another (a cached page by a static file)
 * are then measured over the same stretch of time: one after the other, a few slow seconds
 * of a shared machine would land on one of them only and make the ratio. `between` runs before each
 * turn (the bench waits there for the server to finish what the last turn left in flight).
 */
export async function loadInTurns(
  targets: readonly LoadOptions[],
  rounds: number,
  between: () => Promise<void> = async () => {},
): Promise<LoadResult[]> {
  const gathered: Answers[] = targets.map(() => ({ samples: [], bytes: 0, errors: 0, seconds: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      await between();
      const turn = await answers({ ...target, seconds: turnSeconds(target.seconds, rounds) });
      const into = gathered[i]!;
      for (const sample of turn.samples) into.samples.push(sample);
      into.bytes += turn.bytes;
      into.errors += turn.errors;
      into.seconds += turn.seconds;
    }
  }
  return gathered.map(summariseAnswers);
}
