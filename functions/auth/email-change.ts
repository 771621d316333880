import { EMAIL_CHANGE_HALF_CONFIRMED } from '../../src/lib/auth/redirect.ts';
import { nowDate, type AuthDeps, type Db, type Trx } from './context.ts';
import { deliver, emailLink, linkExpired, patchEmailIdentity } from './email-links.ts';
import { errors } from './errors.ts';
import { noticeEmail, type Email } from './mailer.ts';
import { sha256Hex } from './secrets.ts';
import { findUserByEmail, findUserById, type UserRow } from './users.ts';

/**
 * Secure email change, as GoTrue does it with GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED
 * (its default): a change asked for with PUT /user sends one link to the new address and
 * one to the current address (email_change_token_new, email_change_token_current; only
 * their SHA-256 is stored). Both must be followed, in either order: the first answers
 * GoTrue's "Confirmation link accepted…" and changes nothing; the second makes the change,
 * and the old address is then told. So whoever holds a session alone (a stolen token)
 * cannot move the account to an address of theirs: the owner's mailbox has to agree.
 */

/** GoTrue's answer to the first of the two confirmations. */
export const SINGLE_CONFIRMATION_ACCEPTED = EMAIL_CHANGE_HALF_CONFIRMED;

export type EmailChangeLinks = {
  toNew: ReturnType<typeof emailLink>;
  toCurrent: ReturnType<typeof emailLink> | undefined;
};

/** The two links of a change of `user`'s email to `newEmail` (one when the user has no email). */
export function emailChangeLinks(
  deps: AuthDeps,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): EmailChangeLinks {
  const current = user.email || undefined;
  return {
    toNew: emailLink(deps, 'email_change', newEmail, redirectTo, current),
    toCurrent: current ? emailLink(deps, 'email_change', current, redirectTo, current, newEmail) : undefined,
  };
}

/** Stores the pending change (inside the caller's transaction); a newer request replaces an older one. */
export async function recordEmailChange(
  deps: AuthDeps,
  trx: Trx,
  userId: string,
  newEmail: string,
  links: EmailChangeLinks,
): Promise<void> {
  const at = nowDate(deps);
  await trx
    .updateTable('auth.users')
    .set({
      email_change: newEmail,
      email_change_token_new: links.toNew.hash,
      email_change_token_current: links.toCurrent?.hash ?? '',
      email_change_sent_at: at,
      email_change_confirm_status: 0,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
}

/** Sends both emails after the commit; false when either could not be sent. */
export async function deliverEmailChange(deps: AuthDeps, links: EmailChangeLinks): Promise<boolean> {
  const sent = await Promise.all(
    [links.toNew, links.toCurrent].filter((link) => link !== undefined).map((link) => deliver(deps, link.email)),
  );
  return sent.every(Boolean);
}

/** Withdraws a change whose emails could not be sent (only if it is still the pending one). */
export async function withdrawEmailChange(
  deps: AuthDeps,
  db: Db,
  userId: string,
  links: EmailChangeLinks,
): Promise<void> {
  await db
    .updateTable('auth.users')
    .set({ email_change: '', email_change_token_new: '', email_change_token_current: '', updated_at: nowDate(deps) })
    .where('id', '=', userId)
    .where('email_change_token_new', '=', links.toNew.hash)
    .execute();
  await db
    .deleteFrom('auth.flow_state')
    .where('user_id', '=', userId)
    .where('authentication_method', '=', 'email_change')
    .execute();
}

export type EmailChangeVerification =
  /** The first of two links: nothing changed yet. */
  | { pending: true; userId: string }
  /** The change is made; `notice` (to the old address) goes out after the commit. */
  | { pending: false; user: UserRow; notice: Email | undefined };

async function lockUserByToken(
  trx: Trx,
  column: 'email_change_token_new' | 'email_change_token_current',
  hash: string,
) {
  return trx.selectFrom('auth.users').selectAll().where(column, '=', hash).forUpdate().executeTakeFirst();
}

/** Applies an `email_change` link's token inside `trx`, or throws otp_expired. */
export async function verifyEmailChange(deps: AuthDeps, trx: Trx, token: string): Promise<EmailChangeVerification> {
  const hash = sha256Hex(token);
  const at = nowDate(deps);
  let row = await lockUserByToken(trx, 'email_change_token_new', hash);
  const matched = row ? 'email_change_token_new' : 'email_change_token_current';
  row ??= await lockUserByToken(trx, 'email_change_token_current', hash);
  const newEmail = row?.email_change;
  if (!row || !newEmail || linkExpired(deps, row.email_change_sent_at)) throw errors.otpExpired();

  const other = matched === 'email_change_token_new' ? row.email_change_token_current : row.email_change_token_new;
  if (other) {
    // The first of the two: this link is used up, the other is still awaited.
    await trx
      .updateTable('auth.users')
      .set({ [matched]: '', email_change_confirm_status: 1, updated_at: at })
      .where('id', '=', row.id)
      .execute();
    return { pending: true, userId: row.id };
  }

  const taken = await findUserByEmail(trx, newEmail);
  if (taken && taken.id !== row.id) throw errors.emailExists();
  const oldEmail = row.email;
  await trx
    .updateTable('auth.users')
    .set({
      email: newEmail,
      email_change: '',
      email_change_token_new: '',
      email_change_token_current: '',
      email_change_confirm_status: 0,
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
  await patchEmailIdentity(trx, row.id, { email: newEmail, email_verified: true }, at);
  const notice =
    oldEmail && oldEmail !== newEmail
      ? noticeEmail('email_changed', { to: oldEmail, newEmail, siteName: deps.siteName, siteOrigin: deps.siteOrigin() })
      : undefined;
  return { pending: false, user: (await findUserById(trx, row.id)) ?? row, notice };
}
