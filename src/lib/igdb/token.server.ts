import { z } from 'zod';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import { timedFetch } from '../http/remote.server.ts';

/**
 * The IGDB sync's app access token, from Twitch's client-credentials grant: POST to the token
 * URL with client_id, client_secret and grant_type=client_credentials; the answer is
 * `{ access_token, expires_in (seconds), token_type: "bearer" }` (api-docs.igdb.com,
 * "Authentication"; dev.twitch.tv/docs/authentication/getting-tokens-oauth). Tokens live about
 * 60 days and Twitch keeps only a few per application, so one is kept and reused until shortly
 * before it expires, or until IGDB refuses it (401).
 */

const tokenResponse = z.object({
  access_token: z.string().min(1).max(512),
  expires_in: z.number().int().positive(),
  token_type: z.string().max(32).optional(),
});

export class TwitchTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TwitchTokenError';
  }
}

export interface TokenManagerOptions {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  timeoutMs?: number;
  /** Renew when less than this much of the token's life is left (default: an hour, or a tenth of its life). */
  renewBeforeMs?: number;
}

interface HeldToken {
  value: string;
  expiresAt: number;
}

export class TwitchTokenManager {
  readonly #options: TokenManagerOptions;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  #held: HeldToken | undefined;
  #renewal: Promise<string> | undefined;
  /** How many tokens this manager has asked Twitch for (the tests count them). */
  requested = 0;

  constructor(options: TokenManagerOptions) {
    this.#options = options;
    const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS.twitchToken;
    this.#fetch = timedFetch(() => ({ service: 'Twitch token endpoint', timeoutMs }), options.fetch ?? fetch);
    this.#now = options.now ?? Date.now;
  }

  /** A token valid for a while yet: the one held, or a new one (one request in flight at a time). */
  async token(): Promise<string> {
    const held = this.#held;
    if (held && this.#now() < held.expiresAt) return held.value;
    return this.#renew();
  }

  /** IGDB refused `value` (401): forget it, so the next token() asks for a new one. */
  reject(value: string): void {
    if (this.#held?.value === value) this.#held = undefined;
  }

  #renew(): Promise<string> {
    this.#renewal ??= this.#request().finally(() => {
      this.#renewal = undefined;
    });
    return this.#renewal;
  }

  async #request(): Promise<string> {
    const { clientId, clientSecret, tokenUrl } = this.#options;
    this.requested += 1;
    const response = await this.#fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new TwitchTokenError(
        `Twitch refused the IGDB sync's token request (${response.status}): check TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = tokenResponse.safeParse(json);
    if (!parsed.success) throw new TwitchTokenError('Twitch answered the token request with an unexpected body');
    const lifeMs = parsed.data.expires_in * 1000;
    const margin = this.#options.renewBeforeMs ?? Math.min(60 * 60 * 1000, lifeMs / 10);
    this.#held = { value: parsed.data.access_token, expiresAt: this.#now() + lifeMs - margin };
    return parsed.data.access_token;
  }
}
