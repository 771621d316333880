import { sql, type Transaction } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import type { SigningKey } from '../auth/keys.ts';
import { verifyAccessToken, type AccessTokenClaims } from '../auth/tokens.ts';
import { errors } from './errors.ts';

/**
 * Who is asking, from the request's `Authorization: Bearer` header, and the database
 * scope the service acts in for them.
 *
 * - No bearer, or the public API key: the `anon` role, as Supabase's gateway turns the
 *   publishable key into an anon JWT.
 * - A secret key (the server's own, never sent to a browser): the `service_role` role, which
 *   bypasses the policies, as Supabase's gateway treats a project's secret key. The server's
 *   background work (copying the catalogue's covers) writes storage with it.
 * - An access token of the local auth service (ES256, verified against its key exactly as
 *   the auth service verifies it): the `authenticated` role with the token's claims. The
 *   token's session must still exist: an ended session ends storage access too.
 * - Anything else: AccessDenied, as Supabase Storage answers a JWT it cannot verify.
 */

export type Requester =
  | { role: 'anon'; claims: { role: 'anon' } }
  | { role: 'service_role'; claims: { role: 'service_role' } }
  | { role: 'authenticated'; claims: AccessTokenClaims };

const ANON: Requester = { role: 'anon', claims: { role: 'anon' } };
const SERVICE: Requester = { role: 'service_role', claims: { role: 'service_role' } };
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export async function requesterFrom(
  request: Request,
  options: {
    signingKey: () => Promise<SigningKey>;
    publicKeys: readonly string[];
    secretKeys?: readonly string[];
    nowSeconds: number;
  },
): Promise<Requester> {
  const header = request.headers.get('authorization');
  if (!header) return ANON;
  const token = BEARER.exec(header)?.[1];
  if (!token) throw errors.accessDenied('Invalid authorization header');
  if (options.publicKeys.includes(token)) return ANON;
  if (options.secretKeys?.includes(token)) return SERVICE;
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(await options.signingKey(), token, options.nowSeconds);
  } catch (error) {
    throw errors.accessDenied((error as Error).message || 'Invalid JWT');
  }
  if (claims.role !== 'authenticated') throw errors.accessDenied('Access denied: Invalid role');
  return { role: 'authenticated', claims };
}

type Trx = Transaction<Database>;

/** Refuses a token whose session was ended (signed out, revoked, account deleted). */
export async function assertLiveSession(trx: Trx, requester: Requester): Promise<void> {
  if (requester.role !== 'authenticated') return;
  const session = await trx
    .selectFrom('auth.sessions')
    .select('id')
    .where('id', '=', requester.claims.session_id)
    .where('user_id', '=', requester.claims.sub)
    .executeTakeFirst();
  if (!session) throw errors.accessDenied('Session from session_id claim in JWT does not exist');
}

/**
 * Makes the rest of the transaction run as the requester's API role with their JWT claims,
 * set the way Supabase Storage sets them, so that auth.uid(), auth.jwt(), storage.operation()
 * and every policy on storage.objects see what they see on a hosted project.
 */
export async function enterRequesterScope(trx: Trx, requester: Requester, operation: string): Promise<void> {
  const claims = JSON.stringify(requester.claims);
  const sub = requester.role === 'authenticated' ? requester.claims.sub : '';
  // The service role bypasses the policies: the transaction stays the server's own (the owner
  // of the storage tables), which needs no membership of service_role on self-hosted PostgreSQL.
  const role = requester.role === 'service_role' ? 'none' : requester.role;
  await sql`
    select set_config('role', ${role}, true),
           set_config('request.jwt.claim.role', ${requester.role}, true),
           set_config('request.jwt.claim.sub', ${sub}, true),
           set_config('request.jwt.claims', ${claims}, true),
           set_config('storage.operation', ${operation}, true),
           set_config('storage.allow_delete_query', 'true', true)
  `.execute(trx);
}
