import { isIP } from 'node:net';
import type { JWTVerifyGetKey } from 'jose';
import type { Kysely, Transaction } from 'kysely';
import { getEnv } from '../../src/lib/config/env.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { SigningKey } from './keys.ts';
import type { AuthLimiter } from './limits.ts';
import type { Mailer } from './mailer.ts';
import type { SessionLiveness } from './session-liveness.ts';

/**
 * What every part of the auth service works with: the dependencies the service was
 * created with (`AuthDeps`) and the request being answered (`AuthCall`).
 */

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;

export interface AuthDeps {
  db: () => Promise<Db>;
  signingKey: () => Promise<SigningKey>;
  mailer: Mailer;
  now: () => number;
  /** The public origin every link and the `iss` claim are built from; never a request's Host. */
  siteOrigin: () => string;
  /** Redirect targets accepted besides the site's own origin (a trailing `*` is a prefix). */
  redirectUrls: () => readonly string[];
  siteName: string;
  passwordMinLength: number;
  /** GoTrue's autoconfirm: a sign-up is confirmed and signed in at once, without an email. */
  mailerAutoconfirm: boolean;
  /** Seconds a rotated refresh token may be replayed for the session's current one. */
  refreshTokenReuseIntervalSeconds: number;
  /** bcrypt cost of new hashes (10, as Supabase; tests may lower it). */
  bcryptCost: number;
  limiter: AuthLimiter;
  /** The site's cache of live sessions: ended sessions are forgotten at once. */
  sessions: SessionLiveness;
  /** Google sign-in: accepted client ids, the key set, and where it is fetched from (for the log). */
  google: { clientIds: string[]; keys: () => JWTVerifyGetKey; jwksUrl: string };
}

export interface AuthCall {
  request: Request;
  url: URL;
  /** The client's address (the socket's, or the platform's forwarded one), for per-IP limits. */
  clientAddress: string | undefined;
}

export const nowDate = (deps: AuthDeps) => new Date(deps.now());
export const nowSeconds = (deps: AuthDeps) => Math.floor(deps.now() / 1000);

/**
 * The client's address: Astro's `clientAddress` (the socket's; it throws where the adapter
 * cannot tell: then unknown), or, when that is a trusted proxy (`TRUSTED_PROXIES`), the
 * address the proxy put in X-Forwarded-For.
 */
export function clientAddressOf(
  context: { clientAddress: string; request?: Request },
  trusted: readonly string[] = getEnv().TRUSTED_PROXIES,
): string | undefined {
  let socket: string;
  try {
    socket = context.clientAddress;
  } catch {
    return undefined;
  }
  return forwardedClientAddress(socket, context.request?.headers.get('x-forwarded-for') ?? null, trusted);
}

const bare = (address: string) =>
  address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:(?=\d+\.)/i, '')
    .toLowerCase();

/**
 * The right-most X-Forwarded-For address that is not a trusted proxy, when the request came
 * from one (each proxy appends the address it saw; anything left of the last untrusted hop
 * was written by the client and proves nothing). A malformed hop ends the search at the
 * socket's address, as does a request from anyone but a trusted proxy.
 */
export function forwardedClientAddress(
  socket: string | undefined,
  forwardedFor: string | null,
  trusted: readonly string[],
): string | undefined {
  if (!socket || !forwardedFor || !trusted.includes(bare(socket))) return socket;
  const hops = forwardedFor.split(',').map(bare).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return socket;
    if (!trusted.includes(hop)) return hop;
  }
  return socket;
}
