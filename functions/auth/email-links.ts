import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { nowDate, type AuthCall, type AuthDeps, type Trx } from './context.ts';
import { AuthError, authJson, errors } from './errors.ts';
import { SINGLE_CONFIRMATION_ACCEPTED, verifyEmailChange } from './email-change.ts';
import {
  createFlowState,
  deleteFlowStates,
  EMAIL_LINK_TTL_SECONDS,
  hasFlowState,
  issueAuthCode,
  type FlowMethod,
} from './flow-state.ts';
import { authEmail, type AuthEmailKind, type Email } from './mailer.ts';
import { authLog, describeError, maskEmail } from './redact.ts';
import { allowedRedirect, verifyLink } from './redirects.ts';
import { queryParam, readBody, schemas } from './requests.ts';
import { issueSession } from './sessions.ts';
import { randomToken, sha256Hex } from './secrets.ts';
import { findUserByEmail, findUserById, findUserByLinkToken, type UserRow } from './users.ts';

/**
 * Email links: recovery requests, and /verify, where sign-up confirmation, recovery and
 * email-change links land. A link carries a random token of which only the SHA-256 is
 * stored, valid one hour, single use; every link and redirect is built on the site's
 * configured origin, never on the request's Host. Emails are handed to the mailer only
 * after the transaction that stored their token has committed.
 */

const FLOW: Record<AuthEmailKind, FlowMethod> = {
  signup: 'email/signup',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** redirect_to from the query string, if the site allows it; the site's root otherwise. */
export const redirectTarget = (deps: AuthDeps, call: AuthCall) =>
  allowedRedirect(deps.siteOrigin(), deps.redirectUrls(), queryParam(call.url, 'redirect_to'));

/** A fresh link token and the email carrying it (stored hash first, email after commit). */
export function emailLink(
  deps: AuthDeps,
  kind: AuthEmailKind,
  to: string,
  redirectTo: string,
  from?: string | null,
  newEmail?: string,
) {
  const token = randomToken();
  const link = verifyLink(deps.siteOrigin(), token, kind, redirectTo);
  return {
    hash: sha256Hex(token),
    email: authEmail(kind, { to, link, siteName: deps.siteName, from: from ?? undefined, newEmail }),
  };
}

/** Hands a committed email to the mailer; false (logged, masked) when it could not be sent. */
export async function deliver(deps: AuthDeps, email: ReturnType<typeof emailLink>['email']): Promise<boolean> {
  try {
    await deps.mailer.send(email);
    return true;
  } catch (error) {
    authLog.error(`could not send "${email.subject}" to ${maskEmail(email.to)}: ${describeError(error)}`);
    return false;
  }
}

/**
 * POST /recover. Known and unknown addresses get the same answer, after the same limits
 * (per client, per recipient, in total) and the same work: the email itself goes out in the
 * background, so neither the status, nor the body, nor the time tells who has an account.
 */
export async function recover(deps: AuthDeps, call: AuthCall): Promise<Response> {
  const body = await readBody(call.request, schemas.recover);
  if (!body.email) throw errors.validation('Password recovery requires an email');
  const redirectTo = redirectTarget(deps, call);
  await deps.limiter.email('recovery', body.email, call.clientAddress);
  const db = await deps.db();
  const user = await findUserByEmail(db, body.email);
  const { hash, email } = emailLink(deps, 'recovery', body.email, redirectTo);
  const at = nowDate(deps);
  // An unknown address costs the same statements, matching no row.
  const userId = user?.id ?? randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('auth.users')
      .set({ recovery_token: hash, recovery_sent_at: at, updated_at: at })
      .where('id', '=', userId)
      .execute();
    await createFlowState(deps, trx, userId, body, 'recovery');
    if (!user) await deleteFlowStates(trx, userId, 'recovery');
  });
  if (user) void deliver(deps, email);
  return authJson({});
}

/** Merges `patch` into the identity_data of the user's email identity. */
export async function patchEmailIdentity(
  trx: Trx,
  userId: string,
  patch: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('auth.identities')
    .set({
      identity_data: sql<Record<string, unknown>>`identity_data || ${JSON.stringify(patch)}::jsonb`,
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .where('provider', '=', 'email')
    .execute();
}

export const linkExpired = (deps: AuthDeps, sentAt: Date | null) =>
  !sentAt || nowDate(deps).getTime() - new Date(sentAt).getTime() > EMAIL_LINK_TTL_SECONDS * 1000;

type Verification =
  | { user: UserRow; kind: AuthEmailKind; notice?: Email | undefined }
  /** The first of an email change's two links: no session, the other link is awaited. */
  | { pending: true; userId: string };

/** Applies a link's token inside `trx`: the user it confirms, or otp_expired. */
async function applyVerification(deps: AuthDeps, trx: Trx, type: string, token: string): Promise<Verification> {
  const hash = sha256Hex(token);
  const at = nowDate(deps);
  let row: UserRow | undefined;
  let kind: AuthEmailKind;
  if (['signup', 'email', 'invite', 'magiclink'].includes(type)) {
    kind = 'signup';
    row = await findUserByLinkToken(trx, 'confirmation_token', hash);
    if (!row || linkExpired(deps, row.confirmation_sent_at)) throw errors.otpExpired();
    await trx
      .updateTable('auth.users')
      .set((eb) => ({
        email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(at)),
        confirmation_token: '',
        updated_at: at,
      }))
      .where('id', '=', row.id)
      .execute();
    await patchEmailIdentity(trx, row.id, { email_verified: true }, at);
  } else if (type === 'recovery') {
    kind = 'recovery';
    row = await findUserByLinkToken(trx, 'recovery_token', hash);
    if (!row || linkExpired(deps, row.recovery_sent_at)) throw errors.otpExpired();
    await trx
      .updateTable('auth.users')
      .set((eb) => ({
        recovery_token: '',
        email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(at)),
        updated_at: at,
      }))
      .where('id', '=', row.id)
      .execute();
  } else if (type === 'email_change') {
    const change = await verifyEmailChange(deps, trx, token);
    return change.pending ? change : { user: change.user, kind: 'email_change', notice: change.notice };
  } else {
    throw errors.validation('Verify requires a verification type');
  }
  return { user: (await findUserById(trx, row.id)) ?? row, kind };
}

const sessionMethod = (kind: AuthEmailKind) => (kind === 'signup' ? 'otp' : kind);
const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** GET /verify: where an email link lands; always a redirect to an allowed target. */
export async function verifyGet(deps: AuthDeps, call: AuthCall): Promise<Response> {
  await deps.limiter.request('verify', call.clientAddress);
  const redirectTo = redirectTarget(deps, call);
  const token = queryParam(call.url, 'token', 512) ?? '';
  const type = queryParam(call.url, 'type', 32) ?? '';
  const db = await deps.db();
  try {
    const { target, notice } = await db.transaction().execute(async (trx) => {
      const verified = await applyVerification(deps, trx, type, token);
      const url = new URL(redirectTo);
      if ('pending' in verified) {
        // As GoTrue: the message in the fragment, and for a PKCE flow in the query too.
        if (await hasFlowState(trx, verified.userId, 'email_change'))
          url.searchParams.set('message', SINGLE_CONFIRMATION_ACCEPTED);
        url.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: '' }).toString();
        return { target: url.href, notice: undefined };
      }
      const { user, kind } = verified;
      // PKCE: hand the browser a one-time code; the session goes to whoever holds the verifier.
      const code = await issueAuthCode(deps, trx, user.id, FLOW[kind]);
      if (code) {
        url.searchParams.set('code', code);
        return { target: url.href, notice: verified.notice };
      }
      const session = await issueSession(deps, trx, call, user, sessionMethod(kind));
      url.hash = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: kind,
      }).toString();
      return { target: url.href, notice: verified.notice };
    });
    if (notice) void deliver(deps, notice);
    return seeOther(target);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const url = new URL(redirectTo);
    url.hash = new URLSearchParams({
      error: 'access_denied',
      error_code: error.code,
      error_description: error.message,
    }).toString();
    return seeOther(url.href);
  }
}

/** POST /verify { type, token | token_hash }: the session itself, as JSON. */
export async function verifyPost(deps: AuthDeps, call: AuthCall): Promise<Response> {
  await deps.limiter.request('verify', call.clientAddress);
  const body = await readBody(call.request, schemas.verify);
  const token = body.token_hash ?? body.token ?? '';
  if (!token) throw errors.validation('Verify requires either a token or a token hash');
  const db = await deps.db();
  const outcome = await db.transaction().execute(async (trx) => {
    const verified = await applyVerification(deps, trx, body.type ?? '', token);
    if ('pending' in verified) return { pending: true as const };
    await deleteFlowStates(trx, verified.user.id, FLOW[verified.kind]);
    return {
      session: await issueSession(deps, trx, call, verified.user, sessionMethod(verified.kind)),
      notice: verified.notice,
    };
  });
  // GoTrue's answer to the first of an email change's two confirmations.
  if ('pending' in outcome) return authJson({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
  if (outcome.notice) void deliver(deps, outcome.notice);
  return authJson(outcome.session);
}
