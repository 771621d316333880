import PQueue from 'p-queue';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import { RemoteServiceError, timedFetch } from '../http/remote.server.ts';
import { IGDB_MAX_LIMIT, pageQuery, type IgdbEndpoint, type PageQuery } from './apicalypse.ts';
import type { TwitchTokenManager } from './token.server.ts';

/**
 * Queries to IGDB's v4 API: `POST {IGDB_API_URL}/{endpoint}` with an Apicalypse body and the
 * `Client-ID` and `Authorization: Bearer` headers (api-docs.igdb.com, "Requests"). IGDB allows
 * 4 requests a second and 8 open at once, and answers 429 past that ("Rate Limits"); every
 * attempt here waits its turn in one queue that keeps to both. A 429, a 5xx or a call that got
 * no answer in time is tried again after a growing, jittered pause, a bounded number of times;
 * a 401 renews the token once.
 */

export class IgdbError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'IgdbError';
    this.status = status;
  }
}

export interface IgdbClientOptions {
  apiUrl: string;
  clientId: string;
  tokens: TwitchTokenManager;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Attempts after the first for a 429, a 5xx or no answer (default 5). */
  retries?: number;
  /** The first pause and the longest one, in ms (defaults 1 s and 30 s). */
  backoffMs?: { first: number; max: number };
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** IGDB's limits by default: 4 starts a second, 8 open at once. */
  rate?: { interval: number; intervalCap: number; concurrency: number };
}

export const IGDB_RATE = { interval: 1000, intervalCap: 4, concurrency: 8 } as const;

/** The biggest answer the client reads: 500 records with their expanded relations. */
const MAX_BODY_CHARS = 16 * 1024 * 1024;

type Attempt =
  | { kind: 'ok'; records: unknown[] }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; reason: string; retryAfterMs: number | undefined }
  | { kind: 'fail'; error: IgdbError };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class IgdbClient {
  readonly #options: IgdbClientOptions;
  readonly #fetch: typeof fetch;
  readonly #queue: PQueue;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;

  constructor(options: IgdbClientOptions) {
    this.#options = options;
    const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS.igdb;
    this.#fetch = timedFetch(() => ({ service: 'IGDB', timeoutMs }), options.fetch ?? fetch);
    this.#queue = new PQueue({ ...(options.rate ?? IGDB_RATE), strict: true });
    this.#sleep = options.sleep ?? defaultSleep;
    this.#random = options.random ?? Math.random;
  }

  /** The records IGDB answers `body` with (an array of objects, checked by the caller). */
  async query(endpoint: IgdbEndpoint, body: string): Promise<unknown[]> {
    const retries = this.#options.retries ?? 5;
    let renewed = false;
    for (let attempt = 0; ;) {
      const token = await this.#options.tokens.token();
      const outcome = await this.#queue.add(() => this.#attempt(endpoint, body, token));
      if (outcome.kind === 'ok') return outcome.records;
      if (outcome.kind === 'fail') throw outcome.error;
      if (outcome.kind === 'unauthorized') {
        if (renewed) throw new IgdbError('IGDB refused a freshly issued token (401): check TWITCH_CLIENT_ID', 401);
        this.#options.tokens.reject(token);
        renewed = true;
        continue;
      }
      if (attempt >= retries) throw new IgdbError(`IGDB ${endpoint}: ${outcome.reason}, ${retries + 1} attempts made`);
      await this.#sleep(this.#pause(attempt, outcome.retryAfterMs));
      attempt += 1;
    }
  }

  /**
   * Every record of `endpoint` above `afterId`, a page of up to 500 at a time in id order; each
   * page comes with the last id in it, the cursor to resume from.
   */
  async *pages(endpoint: IgdbEndpoint, query: PageQuery): AsyncGenerator<{ records: unknown[]; lastId: number }> {
    const limit = query.limit ?? IGDB_MAX_LIMIT;
    let afterId = query.afterId;
    for (;;) {
      const records = await this.query(endpoint, pageQuery({ ...query, afterId, limit }));
      if (records.length === 0) return;
      const lastId = lastRecordId(records, afterId, endpoint);
      yield { records, lastId };
      if (records.length < limit) return;
      afterId = lastId;
    }
  }

  /** Waits until every queued call has finished (tests, and a clean stop). */
  async idle(): Promise<void> {
    await this.#queue.onIdle();
  }

  /** Full jitter: anywhere up to first·2^attempt (capped), but never less than the server asked for. */
  #pause(attempt: number, retryAfterMs: number | undefined): number {
    const { first, max } = this.#options.backoffMs ?? { first: 1000, max: 30_000 };
    const ceiling = Math.min(max, first * 2 ** attempt);
    const jittered = Math.round(ceiling / 2 + (this.#random() * ceiling) / 2);
    return Math.min(max, Math.max(jittered, retryAfterMs ?? 0));
  }

  async #attempt(endpoint: IgdbEndpoint, body: string, token: string): Promise<Attempt> {
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(`${this.#options.apiUrl}/${endpoint}`, {
        method: 'POST',
        headers: {
          'Client-ID': this.#options.clientId,
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'text/plain',
        },
        body,
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof RemoteServiceError) return { kind: 'retry', reason: error.message, retryAfterMs: undefined };
      // The body stopped halfway: the connection dropped, or the timeout fell while reading it.
      return { kind: 'retry', reason: `the answer broke off (${String(error)})`, retryAfterMs: undefined };
    }
    if (response.status === 401) return { kind: 'unauthorized' };
    if (response.status === 429 || response.status >= 500) {
      return { kind: 'retry', reason: `answered ${response.status}`, retryAfterMs: retryAfter(response) };
    }
    if (!response.ok) {
      return {
        kind: 'fail',
        error: new IgdbError(`IGDB ${endpoint} answered ${response.status}: ${text.slice(0, 300)}`, response.status),
      };
    }
    if (text.length > MAX_BODY_CHARS) {
      return { kind: 'fail', error: new IgdbError(`IGDB ${endpoint} answered more than ${MAX_BODY_CHARS} characters`) };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'fail', error: new IgdbError(`IGDB ${endpoint} answered with something other than JSON`) };
    }
    if (!Array.isArray(json) || json.length > IGDB_MAX_LIMIT) {
      return {
        kind: 'fail',
        error: new IgdbError(`IGDB ${endpoint} answered with something other than a page of records`),
      };
    }
    return { kind: 'ok', records: json };
  }
}

function retryAfter(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header || !/^\d{1,4}$/.test(header.trim())) return undefined;
  return Number(header) * 1000;
}

function lastRecordId(records: unknown[], afterId: number, endpoint: string): number {
  const last: unknown = records.at(-1);
  const id = typeof last === 'object' && last !== null ? (last as { id?: unknown }).id : undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= afterId) {
    throw new IgdbError(`IGDB ${endpoint} answered a page out of id order`);
  }
  return id;
}
