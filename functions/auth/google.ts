import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { REMOTE_TIMEOUT_MS } from '../../src/lib/config/remote-timeouts.ts';
import { failureReason, logRemoteFailure } from '../../src/lib/http/remote.server.ts';
import { FULL_NAME_MAX } from '../../src/lib/auth/validation.ts';
import { isDatabaseUnavailable } from '../../src/lib/db/errors.ts';
import { nowDate, type AuthCall, type AuthDeps, type Trx } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { authLog, describeError } from './redact.ts';
import { readBody, schemas } from './requests.ts';
import { constantTimeEqual, sha256Hex } from './secrets.ts';
import { issueSession, type SessionJson } from './sessions.ts';
import { findUserByEmail, findUserById, insertIdentity, insertUser, normaliseEmail, type UserRow } from './users.ts';

/**
 * Sign-in with a Google ID token (supabase-js signInWithIdToken): the token is verified
 * against Google's key set (GOOGLE_JWKS_URL), issuer accounts.google.com, audience one of
 * our client ids; its `nonce` must be the SHA-256 of the raw nonce the client sends. A
 * verified Google email joins the account that already has it (Supabase's automatic
 * linking); otherwise a new user is made, who picks a username on /confirm.
 */

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

async function verifiedClaims(deps: AuthDeps, idToken: string): Promise<Record<string, unknown>> {
  if (deps.google.clientIds.length === 0) throw errors.providerDisabled(GOOGLE_ISSUERS[0]!);
  try {
    const { payload } = await jwtVerify(idToken, deps.google.keys(), {
      issuer: GOOGLE_ISSUERS,
      audience: deps.google.clientIds,
      currentDate: nowDate(deps),
    });
    return payload;
  } catch (error) {
    const unavailable = keySetFailure(deps, error);
    if (unavailable) throw unavailable;
    authLog.warn(`Google ID token refused: ${describeError(error)}`);
    throw errors.badIdToken('Bad ID token');
  }
}

const KEY_SET = "Google's key set";

/**
 * Google's key set could not be fetched (no answer in time, no connection, not a key set):
 * the service failing, not a bad token. A 5xx that supabase-js reads as retryable, logged
 * once per incident.
 */
function keySetFailure(deps: AuthDeps, error: unknown): AuthError | null {
  const where = `GET ${deps.google.jwksUrl}`;
  if (error instanceof joseErrors.JWKSTimeout) {
    logRemoteFailure(
      KEY_SET,
      'timeout',
      `${KEY_SET} gave no answer within ${REMOTE_TIMEOUT_MS.googleJwks} ms (${where})`,
    );
    return errors.requestTimeout();
  }
  const unreachable =
    (error instanceof TypeError && /fetch/i.test(error.message)) ||
    error instanceof joseErrors.JWKSInvalid ||
    (error instanceof joseErrors.JOSEError && /JSON Web Key Set HTTP response/.test(error.message));
  if (!unreachable) return null;
  logRemoteFailure(
    KEY_SET,
    'unreachable',
    `${KEY_SET} could not be fetched (${where}: ${failureReason(error)}; timeout ${REMOTE_TIMEOUT_MS.googleJwks} ms)`,
  );
  return errors.providerUnreachable();
}

/** The user behind Google account `sub`: found by identity, linked by verified email, or new. */
async function googleUser(
  deps: AuthDeps,
  trx: Trx,
  sub: string,
  email: string | undefined,
  verified: boolean,
  identityData: Record<string, unknown>,
) {
  const at = nowDate(deps);
  const identity = await trx
    .selectFrom('auth.identities')
    .select('user_id')
    .where('provider', '=', 'google')
    .where('provider_id', '=', sub)
    .forUpdate()
    .executeTakeFirst();
  if (identity) {
    await trx
      .updateTable('auth.identities')
      .set({ identity_data: JSON.stringify(identityData), last_sign_in_at: at, updated_at: at })
      .where('provider', '=', 'google')
      .where('provider_id', '=', sub)
      .execute();
    return findUserById(trx, identity.user_id);
  }
  let user: UserRow | undefined = email && verified ? await findUserByEmail(trx, email) : undefined;
  if (user) {
    const providers = new Set([...((user.raw_app_meta_data?.providers as string[] | undefined) ?? []), 'google']);
    await trx
      .updateTable('auth.users')
      .set((eb) => ({
        raw_app_meta_data: JSON.stringify({ ...user!.raw_app_meta_data, providers: [...providers] }),
        email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(at)),
        updated_at: at,
      }))
      .where('id', '=', user.id)
      .execute();
  } else {
    const id = randomUUID();
    const meta = Object.fromEntries(Object.entries(identityData).filter(([, value]) => value !== undefined));
    await insertUser(trx, {
      id,
      email: email ?? null,
      email_confirmed_at: verified ? at : null,
      raw_app_meta_data: JSON.stringify({ provider: 'google', providers: ['google'] }),
      raw_user_meta_data: JSON.stringify(meta),
      created_at: at,
      updated_at: at,
    });
    user = { id } as UserRow;
  }
  await insertIdentity(trx, {
    provider_id: sub,
    user_id: user.id,
    identity_data: JSON.stringify(identityData),
    provider: 'google',
    last_sign_in_at: at,
    created_at: at,
    updated_at: at,
  });
  return findUserById(trx, user.id);
}

/** POST /token?grant_type=id_token */
export async function idTokenGrant(deps: AuthDeps, call: AuthCall): Promise<SessionJson> {
  await deps.limiter.request('signInSignUps', call.clientAddress);
  const { provider, id_token: idToken, nonce } = await readBody(call.request, schemas.idToken);
  if (!idToken) throw errors.validation('id_token required');
  if (provider !== 'google' && !GOOGLE_ISSUERS.includes(provider ?? '')) {
    throw errors.validation(`Custom OIDC provider "${provider ?? ''}" not allowed`);
  }
  const claims = await verifiedClaims(deps, idToken);
  const tokenNonce = text(claims.nonce);
  if (tokenNonce || nonce) {
    if (!tokenNonce || !nonce)
      throw errors.validation('Passed nonce and nonce in id_token should either both exist or not.');
    if (!constantTimeEqual(sha256Hex(nonce), tokenNonce)) throw errors.validation('Nonces mismatch');
  }
  const sub = text(claims.sub);
  if (!sub) throw errors.badIdToken();
  const email = text(claims.email) ? normaliseEmail(text(claims.email)!) : undefined;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  // Kept within what a profile and an access token can hold.
  const name = text(claims.name)?.slice(0, FULL_NAME_MAX);
  const picture = text(claims.picture)?.slice(0, 2048);
  const identityData = {
    iss: text(claims.iss),
    sub,
    name,
    full_name: name,
    email,
    email_verified: verified,
    phone_verified: false,
    picture,
    avatar_url: picture,
    provider_id: sub,
  };
  const db = await deps.db();
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await googleUser(deps, trx, sub, email, verified, identityData);
      if (!user) throw errors.badIdToken();
      if (!user.email_confirmed_at && email) throw errors.emailNotConfirmed();
      return issueSession(deps, trx, call, user, 'oauth');
    });
  } catch (error) {
    if (error instanceof AuthError || isDatabaseUnavailable(error)) throw error;
    authLog.error(`Google sign-in rolled back: ${describeError(error)}`);
    throw errors.signupDatabaseError();
  }
}
