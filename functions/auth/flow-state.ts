import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuthFlowStateTable, CodeChallengeMethod } from '../../src/lib/db/auth-schema.ts';
import { nowDate, type AuthCall, type AuthDeps, type Db, type Trx } from './context.ts';
import { errors, type AuthError } from './errors.ts';
import { readBody, schemas } from './requests.ts';
import { constantTimeEqual, sha256Base64url } from './secrets.ts';
import { issueSession, type SessionJson } from './sessions.ts';
import { findUserById } from './users.ts';

/**
 * PKCE for email links. When the browser that asked for the email (sign-up, recovery,
 * email change) sent a code challenge, the link does not sign anyone in by itself: /verify
 * redirects with a one-time `?code=`, and only the holder of the verifier can exchange it
 * (POST /token?grant_type=pkce), once, within five minutes of the link being followed.
 * A flow state whose link was never followed is dead when the link is (one hour).
 */

export const EMAIL_LINK_TTL_SECONDS = 3600;
export const FLOW_STATE_TTL_SECONDS = 300;

export type FlowMethod = 'email/signup' | 'recovery' | 'email_change';
type FlowRow = Pick<Selectable<AuthFlowStateTable>, 'created_at' | 'auth_code_issued_at'>;

export interface PkceRequest {
  code_challenge?: string | undefined;
  code_challenge_method?: CodeChallengeMethod | undefined;
}

/** Is this flow state of no more use at `now`? (Its code is stale, or its link is.) */
export function flowStateExpired(row: FlowRow, now: Date): boolean {
  const age = (from: Date | null) => (from ? (now.getTime() - new Date(from).getTime()) / 1000 : Infinity);
  return row.auth_code_issued_at
    ? age(row.auth_code_issued_at) > FLOW_STATE_TTL_SECONDS
    : age(row.created_at) > EMAIL_LINK_TTL_SECONDS;
}

/** Records the challenge of an email flow; a newer email of the same purpose replaces the older flow. */
export async function createFlowState(
  deps: AuthDeps,
  trx: Trx,
  userId: string,
  pkce: PkceRequest,
  method: FlowMethod,
): Promise<void> {
  if (!pkce.code_challenge) return;
  await deleteFlowStates(trx, userId, method);
  const at = nowDate(deps);
  await trx
    .insertInto('auth.flow_state')
    .values({
      id: randomUUID(),
      user_id: userId,
      auth_code: randomUUID(),
      code_challenge_method: pkce.code_challenge_method ?? 'plain',
      code_challenge: pkce.code_challenge,
      provider_type: 'email',
      created_at: at,
      updated_at: at,
      authentication_method: method,
    })
    .execute();
}

export async function deleteFlowStates(trx: Trx, userId: string, method: FlowMethod): Promise<void> {
  await trx
    .deleteFrom('auth.flow_state')
    .where('user_id', '=', userId)
    .where('authentication_method', '=', method)
    .execute();
}

/** Does a PKCE flow of `method` wait for this user? */
export async function hasFlowState(trx: Trx, userId: string, method: FlowMethod): Promise<boolean> {
  const flow = await trx
    .selectFrom('auth.flow_state')
    .select('id')
    .where('user_id', '=', userId)
    .where('authentication_method', '=', method)
    .limit(1)
    .executeTakeFirst();
  return Boolean(flow);
}

/** The link was followed: the pending flow's code, now valid for five minutes (none without PKCE). */
export async function issueAuthCode(
  deps: AuthDeps,
  trx: Trx,
  userId: string,
  method: FlowMethod,
): Promise<string | undefined> {
  const flow = await trx
    .selectFrom('auth.flow_state')
    .select(['id', 'auth_code'])
    .where('user_id', '=', userId)
    .where('authentication_method', '=', method)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!flow) return undefined;
  const at = nowDate(deps);
  await trx
    .updateTable('auth.flow_state')
    .set({ auth_code_issued_at: at, updated_at: at })
    .where('id', '=', flow.id)
    .execute();
  return flow.auth_code;
}

const SESSION_METHOD: Record<string, string> = { recovery: 'recovery', email_change: 'email_change' };

/** POST /token?grant_type=pkce: the code and its verifier for a session, once. */
export async function pkceGrant(deps: AuthDeps, call: AuthCall): Promise<SessionJson> {
  await deps.limiter.request('signInSignUps', call.clientAddress);
  const { auth_code: authCode, code_verifier: verifier } = await readBody(call.request, schemas.pkce);
  if (!authCode || !verifier)
    throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
  const db = await deps.db();
  const outcome = await db
    .transaction()
    .execute(async (trx): Promise<{ error: AuthError } | { session: SessionJson }> => {
      const flow = await trx
        .selectFrom('auth.flow_state')
        .selectAll()
        .where('auth_code', '=', authCode)
        .forUpdate()
        .executeTakeFirst();
      if (!flow?.user_id || !flow.auth_code_issued_at) return { error: errors.flowStateNotFound() };
      if (flowStateExpired(flow, nowDate(deps))) {
        // Committed, so the stale code cannot be tried again.
        await trx.deleteFrom('auth.flow_state').where('id', '=', flow.id).execute();
        return { error: errors.flowStateExpired() };
      }
      const expected = flow.code_challenge_method === 's256' ? sha256Base64url(verifier) : verifier;
      if (!constantTimeEqual(expected, flow.code_challenge)) return { error: errors.badCodeVerifier() };
      await trx.deleteFrom('auth.flow_state').where('id', '=', flow.id).execute();
      const user = await findUserById(trx, flow.user_id);
      if (!user) return { error: errors.flowStateNotFound() };
      return {
        session: await issueSession(deps, trx, call, user, SESSION_METHOD[flow.authentication_method] ?? 'otp'),
      };
    });
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/** Deletes flow states that can no longer be used (the cleanup job's share). */
export async function deleteExpiredFlowStates(db: Db, now: Date): Promise<number> {
  const staleCode = new Date(now.getTime() - FLOW_STATE_TTL_SECONDS * 1000);
  const deadLink = new Date(now.getTime() - EMAIL_LINK_TTL_SECONDS * 1000);
  const result = await db
    .deleteFrom('auth.flow_state')
    .where((eb) =>
      eb.or([
        eb.and([eb('auth_code_issued_at', 'is not', null), eb('auth_code_issued_at', '<', staleCode)]),
        eb.and([eb('auth_code_issued_at', 'is', null), eb('created_at', '<', deadLink)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
