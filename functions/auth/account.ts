import { randomUUID } from 'node:crypto';
import { isUsernameTaken } from '../../src/lib/auth/profiles.server.ts';
import { MESSAGES } from '../../src/lib/auth/validation.ts';
import { isDatabaseUnavailable } from '../../src/lib/db/errors.ts';
import { nowDate, type AuthCall, type AuthDeps } from './context.ts';
import { AuthError, authJson, errors } from './errors.ts';
import { answerRepeatedSignup } from './existing-account.ts';
import { emailChangeLinks, deliverEmailChange, recordEmailChange, withdrawEmailChange } from './email-change.ts';
import { deliver, emailLink, redirectTarget } from './email-links.ts';
import { createFlowState } from './flow-state.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { authLog, describeError } from './redact.ts';
import { checkMetadata, checkSignupUsername, readBody, schemas } from './requests.ts';
import { endOtherSessions, issueSession, requireUser, type SessionJson } from './sessions.ts';
import { findUserByEmail, findUserById, insertIdentity, insertUser, isUniqueViolation, userResponse } from './users.ts';

/**
 * The account endpoints: sign-up (POST /signup) and the signed-in user (GET and PUT /user).
 *
 * A sign-up's confirmation email is sent after the user is committed. If the mail server
 * refuses it, the user just made (unconfirmed, never signed in, nobody else can know of it)
 * is deleted again and the answer is Supabase's "Error sending confirmation email", so the
 * person can simply sign up again: no account is left that nobody can confirm. The same
 * holds for an email change: the pending change is withdrawn if its email cannot be sent.
 */

/** POST /signup */
export async function signup(deps: AuthDeps, call: AuthCall): Promise<Response> {
  await deps.limiter.request('signInSignUps', call.clientAddress);
  const body = await readBody(call.request, schemas.signup);
  if (body.phone !== undefined && body.email === undefined) throw errors.phoneDisabled();
  if (!body.email) throw errors.anonymousDisabled();
  const { email } = body;
  const password = body.password ?? '';
  if (password.length < deps.passwordMinLength) throw errors.weakPassword(deps.passwordMinLength);
  const data = body.data ?? {};
  const invalid = checkMetadata(data) ?? checkSignupUsername(data);
  if (invalid) throw invalid;
  const redirectTo = redirectTarget(deps, call);
  const db = await deps.db();

  // Everything up to the password's hash is the same whether the address has an account
  // or not (the same checks, limits and bcrypt work): only the owner's mailbox learns which.
  if (typeof data.username === 'string' && (await isUsernameTaken(db, data.username))) {
    throw errors.validation(MESSAGES.usernameTakenLong);
  }
  // With autoconfirm (GoTrue's GOTRUE_MAILER_AUTOCONFIRM) the account is confirmed and
  // signed in at once, as Supabase Auth answers: no email, so no email limit either.
  const autoconfirm = deps.mailerAutoconfirm;
  if (!autoconfirm) await deps.limiter.email('signup', email, call.clientAddress);
  const hash = await hashPassword(deps, password);
  const repeated = { email, data, pkce: body, redirectTo };
  const owner = await findUserByEmail(db, email);
  // With autoconfirm there is no mail to answer through: GoTrue says so, 422.
  if (owner && autoconfirm) throw errors.userAlreadyExists();
  if (owner) return authJson(await answerRepeatedSignup(deps, db, owner, repeated));

  const link = emailLink(deps, 'signup', email, redirectTo);
  const at = nowDate(deps);
  const id = randomUUID();
  let session: SessionJson | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id,
        email,
        encrypted_password: hash,
        ...(autoconfirm
          ? { email_confirmed_at: at, confirmation_token: '' }
          : { confirmation_token: link.hash, confirmation_sent_at: at }),
        raw_app_meta_data: JSON.stringify({ provider: 'email', providers: ['email'] }),
        raw_user_meta_data: JSON.stringify(data),
        created_at: at,
        updated_at: at,
      });
      const identityData = { sub: id, email, email_verified: autoconfirm, phone_verified: false };
      await insertIdentity(trx, {
        provider_id: id,
        user_id: id,
        identity_data: JSON.stringify(identityData),
        provider: 'email',
        last_sign_in_at: at,
        created_at: at,
        updated_at: at,
      });
      if (!autoconfirm) await createFlowState(deps, trx, id, body, 'email/signup');
      else session = await issueSession(deps, trx, call, (await findUserById(trx, id))!, 'password');
    });
  } catch (error) {
    if (isUniqueViolation(error, /users_email/)) {
      // Another sign-up of the same address won the race: answered as a repeated one.
      const winner = await findUserByEmail(db, email);
      if (winner && autoconfirm) throw errors.userAlreadyExists();
      if (winner) return authJson(await answerRepeatedSignup(deps, db, winner, repeated));
    }
    if (error instanceof AuthError || isDatabaseUnavailable(error)) throw error;
    // The profile trigger refused the metadata (a username taken a moment ago): nothing was saved.
    authLog.error(`sign-up rolled back: ${describeError(error)}`);
    throw errors.signupDatabaseError();
  }
  if (session) return authJson(session);

  if (!(await deliver(deps, link.email))) {
    await db.deleteFrom('auth.flow_state').where('user_id', '=', id).execute();
    await db
      .deleteFrom('auth.users')
      .where('id', '=', id)
      .where('email_confirmed_at', 'is', null)
      .where('last_sign_in_at', 'is', null)
      .execute();
    throw errors.mailError('confirmation');
  }
  const user = await findUserById(db, id);
  if (!user) throw errors.userNotFound();
  return authJson(await userResponse(db, user));
}

/** GET /user */
export async function getUser(deps: AuthDeps, call: AuthCall): Promise<Response> {
  const db = await deps.db();
  const { user } = await requireUser(deps, db, call);
  return authJson(await userResponse(db, user));
}

/**
 * PUT /user { password?, email?, data? }. A new password ends every other session of the
 * user (their refresh tokens go with them, and the site stops trusting their access
 * tokens at once) and voids pending email links, as GoTrue does: whoever else held a
 * session, a thief included, is signed out; the session making the change stays. A new
 * email is only asked for: see email-change.ts.
 */
export async function updateUser(deps: AuthDeps, call: AuthCall): Promise<Response> {
  const db = await deps.db();
  const { user, claims } = await requireUser(deps, db, call);
  const body = await readBody(call.request, schemas.updateUser);
  const redirectTo = redirectTarget(deps, call);

  const { password } = body;
  if (password !== undefined) {
    if (password.length < deps.passwordMinLength) throw errors.weakPassword(deps.passwordMinLength);
    if (await passwordMatches(deps, password, user.encrypted_password)) throw errors.samePassword();
  }
  let metadata: Record<string, unknown> | undefined;
  if (body.data) {
    metadata = { ...(user.raw_user_meta_data ?? {}) };
    for (const [key, value] of Object.entries(body.data)) {
      if (value === null) delete metadata[key];
      else metadata[key] = value;
    }
    const invalid = checkMetadata(metadata);
    if (invalid) throw invalid;
  }
  const newEmail = body.email !== undefined && body.email !== user.email ? body.email : undefined;
  if (newEmail) {
    const owner = await findUserByEmail(db, newEmail);
    if (owner && owner.id !== user.id) throw errors.emailExists();
    await deps.limiter.email('email_change', newEmail, call.clientAddress);
  }
  const links = newEmail ? emailChangeLinks(deps, user, newEmail, redirectTo) : undefined;
  const passwordHash = password !== undefined ? await hashPassword(deps, password) : undefined;
  const at = nowDate(deps);

  const ended = await db.transaction().execute(async (trx) => {
    const users = trx.updateTable('auth.users').where('id', '=', user.id);
    let endedSessions: string[] = [];
    if (passwordHash) {
      await users.set({ encrypted_password: passwordHash, ...VOIDED_LINKS, updated_at: at }).execute();
      endedSessions = await endOtherSessions(trx, user.id, claims.session_id);
    }
    if (metadata) await users.set({ raw_user_meta_data: JSON.stringify(metadata), updated_at: at }).execute();
    if (newEmail && links) {
      await recordEmailChange(deps, trx, user.id, newEmail, links);
      await createFlowState(deps, trx, user.id, body, 'email_change');
    }
    return endedSessions;
  });
  for (const sessionId of ended) deps.sessions.ended(sessionId);
  if (ended.length > 0) authLog.info(`password changed: ${ended.length} other session(s) of the user ended`);
  if (links && !(await deliverEmailChange(deps, links))) {
    await withdrawEmailChange(deps, db, user.id, links);
    throw errors.mailError('email change');
  }
  const fresh = (await findUserById(db, user.id)) ?? user;
  return authJson(await userResponse(db, fresh));
}

/**
 * What a new password voids (GoTrue's UpdatePassword): every pending email link of the
 * user, and with them the email change they were for (no longer shown as pending).
 */
const VOIDED_LINKS = {
  confirmation_token: '',
  confirmation_sent_at: null,
  recovery_token: '',
  recovery_sent_at: null,
  email_change: '',
  email_change_token_current: '',
  email_change_token_new: '',
  email_change_sent_at: null,
  email_change_confirm_status: 0,
  reauthentication_token: '',
  reauthentication_sent_at: null,
} as const;
