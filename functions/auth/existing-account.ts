import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { JsonObject } from '../../src/lib/db/schema.generated.ts';
import { nowDate, type AuthDeps, type Db } from './context.ts';
import { deliver, emailLink } from './email-links.ts';
import { errors } from './errors.ts';
import { createFlowState, type PkceRequest } from './flow-state.ts';
import { noticeEmail, type Email } from './mailer.ts';
import { userJson, type UserRow } from './users.ts';

/**
 * Sign-up with an address that already has an account, answered as GoTrue answers it with
 * email confirmations on: exactly like a new sign-up (200, a user of the same shape with a
 * random id, no session), while the mail goes to the owner instead: a fresh confirmation
 * link when the account was never confirmed (its password and details stay as first
 * given, as GoTrue keeps them), otherwise a notice that the address already has an
 * account, with the ways to sign in. So neither the answer nor its time tells anyone but
 * the mailbox's owner that the address is registered.
 *
 * GoTrue leaves `identities` empty in that answer, which is the very tell its users are
 * told to check; here the look-alike carries an email identity as a new user's does.
 */

export interface SignupRequest {
  email: string;
  data: Record<string, unknown>;
  pkce: PkceRequest;
  redirectTo: string;
}

export async function answerRepeatedSignup(
  deps: AuthDeps,
  db: Db,
  owner: UserRow,
  request: SignupRequest,
): Promise<Record<string, unknown>> {
  let email: Email;
  if (owner.email_confirmed_at) {
    email = noticeEmail('account_exists', {
      to: request.email,
      siteName: deps.siteName,
      siteOrigin: deps.siteOrigin(),
    });
  } else {
    const link = emailLink(deps, 'signup', request.email, request.redirectTo);
    const at = nowDate(deps);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('auth.users')
        .set({ confirmation_token: link.hash, confirmation_sent_at: at, updated_at: at })
        .where('id', '=', owner.id)
        .execute();
      await createFlowState(deps, trx, owner.id, request.pkce, 'email/signup');
    });
    email = link.email;
  }
  // Sent before answering, as a new sign-up's confirmation is, and failing the same way.
  if (!(await deliver(deps, email))) throw errors.mailError('confirmation');
  return lookalikeUser(deps, db, request);
}

/**
 * The user a new sign-up of `email` would answer. Its JSON goes through the database as a
 * new user's does, so that even the order of the metadata's keys (jsonb's) is the same.
 */
async function lookalikeUser(deps: AuthDeps, db: Db, request: SignupRequest): Promise<Record<string, unknown>> {
  const id = randomUUID();
  const at = nowDate(deps);
  const { email } = request;
  const { rows } = await sql<{ app: JsonObject; user: JsonObject; identity: JsonObject }>`select
      ${JSON.stringify({ provider: 'email', providers: ['email'] })}::jsonb as app,
      ${JSON.stringify(request.data)}::jsonb as user,
      ${JSON.stringify({ sub: id, email, email_verified: false, phone_verified: false })}::jsonb as identity`.execute(
    db,
  );
  const stored = rows[0]!;
  const user = {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: null,
    phone: null,
    confirmation_sent_at: at,
    confirmed_at: null,
    recovery_sent_at: null,
    email_change: null,
    email_change_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: stored.app,
    raw_user_meta_data: stored.user,
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
  const identity = {
    id: randomUUID(),
    provider_id: id,
    user_id: id,
    identity_data: stored.identity,
    provider: 'email',
    last_sign_in_at: at,
    created_at: at,
    updated_at: at,
    email,
  };
  return userJson(user, [identity]);
}
