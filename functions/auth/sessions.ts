import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { nowDate, nowSeconds, type AuthCall, type AuthDeps, type DbOrTrx, type Trx } from './context.ts';
import { errors } from './errors.ts';
import { authLog } from './redact.ts';
import { readBody, schemas } from './requests.ts';
import { signAccessToken, verifyAccessToken, type AccessTokenClaims } from './tokens.ts';
import { isUuid, randomToken } from './secrets.ts';
import { findUserById, INSTANCE_ID, userResponse, type UserRow } from './users.ts';

/**
 * Sessions: one auth.sessions row per sign-in, an ES256 access token (one hour) naming it
 * in `session_id`, and a refresh token that rotates on every use.
 *
 * A rotated refresh token presented again within the reuse interval (10 s, Supabase Auth's
 * default) is answered as Supabase Auth answers it: with the session's current refresh
 * token (no new one) and a fresh access token. Two tabs, or a tab and the server, that
 * refresh with the same token at once therefore end up holding the same session. Presented
 * later, it is taken as stolen (reuse detection) and ends the whole session (its refresh
 * tokens go with it), so neither the thief's copy nor the owner's works. An ended session
 * is marked in the site's liveness cache at once, so its access token stops working on the
 * site too, not only here.
 */

/** Supabase Auth's default GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, in seconds. */
export const DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

export interface SessionInfo {
  id: string;
  method: string;
  authenticatedAt: number;
}

export interface SessionJson extends Record<string, unknown> {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
}

export async function sessionJson(
  deps: AuthDeps,
  db: DbOrTrx,
  user: UserRow,
  session: SessionInfo,
  refreshToken: string,
): Promise<SessionJson> {
  const issued = nowSeconds(deps);
  const issuer = `${deps.siteOrigin()}/auth/v1`;
  const { token, expiresAt } = await signAccessToken(await deps.signingKey(), issuer, user, session, issued);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresAt - issued,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userResponse(db, user),
  };
}

async function insertRefreshToken(
  trx: Trx,
  userId: string,
  sessionId: string,
  parent: string | null,
  at: Date,
): Promise<string> {
  const token = randomToken();
  await trx
    .insertInto('auth.refresh_tokens')
    .values({
      instance_id: INSTANCE_ID,
      token,
      user_id: userId,
      revoked: false,
      created_at: at,
      updated_at: at,
      parent,
      session_id: sessionId,
    })
    .execute();
  return token;
}

/** A new session for `user`, signed in by `method` (password, otp, recovery, oauth...). */
export async function issueSession(
  deps: AuthDeps,
  trx: Trx,
  call: AuthCall,
  user: UserRow,
  method: string,
): Promise<SessionJson> {
  const sessionId = randomUUID();
  const at = nowDate(deps);
  const ip = call.clientAddress && isIP(call.clientAddress) ? call.clientAddress : null;
  await trx
    .insertInto('auth.sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      created_at: at,
      updated_at: at,
      aal: 'aal1',
      user_agent: call.request.headers.get('user-agent')?.slice(0, 512) ?? null,
      ip,
      tag: `amr:${method}`,
    })
    .execute();
  const refreshToken = await insertRefreshToken(trx, user.id, sessionId, null, at);
  await trx.updateTable('auth.users').set({ last_sign_in_at: at, updated_at: at }).where('id', '=', user.id).execute();
  const fresh = (await findUserById(trx, user.id)) ?? user;
  return sessionJson(deps, trx, fresh, { id: sessionId, method, authenticatedAt: nowSeconds(deps) }, refreshToken);
}

type Rotation = { session: SessionJson } | { reused: string } | { missing: true };

/** The session's one refresh token that has not been rotated yet. */
async function currentRefreshToken(trx: Trx, sessionId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('auth.refresh_tokens')
    .select('token')
    .where('session_id', '=', sessionId)
    .where('revoked', '=', false)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.token ?? undefined;
}

/** Was a token rotated at `rotatedAt` rotated no longer than the reuse interval ago? */
const withinReuseInterval = (deps: AuthDeps, rotatedAt: Date | null) =>
  rotatedAt !== null && deps.now() - new Date(rotatedAt).getTime() <= deps.refreshTokenReuseIntervalSeconds * 1000;

/** POST /token?grant_type=refresh_token: rotate, answer a replay within the reuse interval, or end the session on reuse. */
export async function refreshGrant(deps: AuthDeps, call: AuthCall): Promise<SessionJson> {
  await deps.limiter.request('tokenRefresh', call.clientAddress);
  const { refresh_token: presented } = await readBody(call.request, schemas.refresh);
  if (!presented) throw errors.refreshTokenNotFound();
  const db = await deps.db();
  const outcome = await db.transaction().execute(async (trx): Promise<Rotation> => {
    const row = await trx
      .selectFrom('auth.refresh_tokens')
      .select(['id', 'token', 'user_id', 'revoked', 'session_id', 'updated_at'])
      .where('token', '=', presented)
      .forUpdate()
      .executeTakeFirst();
    if (!row?.session_id || !row.user_id) return { missing: true };
    const session = await trx
      .selectFrom('auth.sessions')
      .select(['id', 'created_at', 'tag'])
      .where('id', '=', row.session_id)
      .forUpdate()
      .executeTakeFirst();
    const user = session && (await findUserById(trx, row.user_id));
    if (!session || !user) return { missing: true };
    const at = nowDate(deps);
    let next: string | undefined;
    if (row.revoked) {
      // Rotated a moment ago: another tab or request refreshed with the same token at the
      // same time. It gets the session's current token, as Supabase Auth answers.
      next = withinReuseInterval(deps, row.updated_at) ? await currentRefreshToken(trx, session.id) : undefined;
      if (!next) {
        // Used again later: it may have been stolen. End the whole session (its refresh
        // tokens go with it), so neither copy works any more.
        await trx.deleteFrom('auth.sessions').where('id', '=', session.id).execute();
        return { reused: session.id };
      }
    } else {
      await trx
        .updateTable('auth.refresh_tokens')
        .set({ revoked: true, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      next = await insertRefreshToken(trx, user.id, session.id, row.token, at);
    }
    await trx
      .updateTable('auth.sessions')
      .set({ refreshed_at: at, updated_at: at })
      .where('id', '=', session.id)
      .execute();
    const method = session.tag?.startsWith('amr:') ? session.tag.slice(4) : 'password';
    const authenticatedAt = Math.floor(new Date(session.created_at ?? at).getTime() / 1000);
    return { session: await sessionJson(deps, trx, user, { id: session.id, method, authenticatedAt }, next) };
  });
  if ('missing' in outcome) throw errors.refreshTokenNotFound();
  if ('reused' in outcome) {
    deps.sessions.ended(outcome.reused);
    authLog.warn(`refresh token reuse detected: session ${outcome.reused} ended`);
    throw errors.refreshTokenAlreadyUsed();
  }
  return outcome.session;
}

/** The verified claims of the request's bearer token. */
export async function bearerClaims(deps: AuthDeps, call: AuthCall): Promise<AccessTokenClaims> {
  const match = /^Bearer\s+(\S{1,16384})\s*$/i.exec(call.request.headers.get('authorization') ?? '');
  if (!match?.[1]) throw errors.noAuthorization();
  try {
    return await verifyAccessToken(await deps.signingKey(), match[1], nowSeconds(deps));
  } catch (error) {
    throw errors.badJwt((error as Error).message || 'invalid token');
  }
}

/** The signed-in user behind the request's access token, whose session still exists. */
export async function requireUser(
  deps: AuthDeps,
  db: DbOrTrx,
  call: AuthCall,
): Promise<{ user: UserRow; claims: AccessTokenClaims }> {
  const claims = await bearerClaims(deps, call);
  const session = isUuid(claims.session_id)
    ? await db.selectFrom('auth.sessions').select('id').where('id', '=', claims.session_id).executeTakeFirst()
    : undefined;
  if (!session) throw errors.sessionNotFound();
  const user = isUuid(claims.sub) ? await findUserById(db, claims.sub) : undefined;
  if (!user) throw errors.userNotFound();
  return { user, claims };
}

/**
 * Ends every session of the user but `keep` (all of them without one), inside `trx`; their
 * refresh tokens go with them. Returns the ended ids: after the commit the caller marks
 * them ended in the site's liveness cache (`deps.sessions.ended`).
 */
export async function endOtherSessions(trx: Trx, userId: string, keep: string | undefined): Promise<string[]> {
  let ended = trx.deleteFrom('auth.sessions').where('user_id', '=', userId);
  if (keep && isUuid(keep)) ended = ended.where('id', '<>', keep);
  return (await ended.returning('id').execute()).map((row) => row.id);
}

/** POST /logout?scope=local|others|global */
export async function logout(deps: AuthDeps, call: AuthCall): Promise<Response> {
  const claims = await bearerClaims(deps, call);
  const scope = call.url.searchParams.get('scope') ?? 'global';
  if (!['local', 'others', 'global'].includes(scope)) throw errors.validation('Unsupported logout scope');
  // Whatever happens next, the site stops trusting this session.
  if (scope !== 'others') deps.sessions.ended(claims.session_id);
  const db = await deps.db();
  let user: UserRow;
  try {
    ({ user } = await requireUser(deps, db, call));
  } catch (error) {
    // The account itself is gone (deleted): so is every session of it.
    if (isUuid(claims.sub) && !(await findUserById(db, claims.sub))) deps.sessions.endedAllOf(claims.sub);
    throw error;
  }
  let ended = db.deleteFrom('auth.sessions').where('user_id', '=', user.id);
  if (scope === 'local') ended = ended.where('id', '=', claims.session_id);
  if (scope === 'others') ended = ended.where('id', '<>', claims.session_id);
  const gone = await ended.returning('id').execute();
  for (const { id } of gone) deps.sessions.ended(id);
  if (scope === 'global') deps.sessions.endedAllOf(user.id);
  return new Response(null, {
    status: 204,
    headers: { 'X-Supabase-Api-Version': '2024-01-01', 'cache-control': 'no-store' },
  });
}
