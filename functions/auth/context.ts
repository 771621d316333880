import type { JWTVerifyGetKey } from 'jose';
import type { Kysely, Transaction } from 'kysely';
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
  /** bcrypt cost of new hashes (10, as Supabase; tests may lower it). */
  bcryptCost: number;
  limiter: AuthLimiter;
  /** The site's cache of live sessions: ended sessions are forgotten at once. */
  sessions: SessionLiveness;
  google: { clientIds: string[]; keys: () => JWTVerifyGetKey };
}

export interface AuthCall {
  request: Request;
  url: URL;
  /** The client's address (the socket's, or the platform's forwarded one), for per-IP limits. */
  clientAddress: string | undefined;
}

export const nowDate = (deps: AuthDeps) => new Date(deps.now());
export const nowSeconds = (deps: AuthDeps) => Math.floor(deps.now() / 1000);

/** Astro's `clientAddress`, which throws where the adapter cannot tell: then unknown. */
export function clientAddressOf(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}
