import type { Insertable, Selectable } from 'kysely';
import type { AuthIdentitiesTable, AuthUsersTable } from '../../src/lib/db/auth-schema.ts';
import type { DbOrTrx, Trx } from './context.ts';

/**
 * The user records of the local service (auth.users and auth.identities) and the user
 * object of Supabase's wire format. Emails are stored lower-cased by every write path
 * (sign-up, email change, Google), so lookups use the unique index on `email`.
 */

export type UserRow = Selectable<AuthUsersTable>;
export type IdentityRow = Selectable<AuthIdentitiesTable>;

/** Supabase's single-instance id, written on every row it creates. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

export async function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('auth.users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .where('is_sso_user', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserById(db: DbOrTrx, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('auth.users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Locks the user whose email-link token hashes to `hash` (one of the three link columns). */
export async function findUserByLinkToken(
  trx: Trx,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  hash: string,
): Promise<UserRow | undefined> {
  return trx.selectFrom('auth.users').selectAll().where(column, '=', hash).forUpdate().executeTakeFirst();
}

export async function identitiesOf(db: DbOrTrx, userId: string): Promise<IdentityRow[]> {
  return db.selectFrom('auth.identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/** Inserts a user row (the profile trigger on auth.users runs in the same transaction). */
export async function insertUser(trx: Trx, values: Insertable<AuthUsersTable>): Promise<void> {
  await trx
    .insertInto('auth.users')
    .values({ instance_id: INSTANCE_ID, aud: 'authenticated', role: 'authenticated', ...values })
    .execute();
}

export async function insertIdentity(trx: Trx, values: Insertable<AuthIdentitiesTable>): Promise<void> {
  await trx.insertInto('auth.identities').values(values).execute();
}

/** What the user object of Supabase's API is made of. */
export type UserJsonSource = Pick<
  UserRow,
  | 'id'
  | 'aud'
  | 'role'
  | 'email'
  | 'email_confirmed_at'
  | 'phone'
  | 'confirmation_sent_at'
  | 'confirmed_at'
  | 'recovery_sent_at'
  | 'email_change'
  | 'email_change_sent_at'
  | 'last_sign_in_at'
  | 'raw_app_meta_data'
  | 'raw_user_meta_data'
  | 'created_at'
  | 'updated_at'
  | 'is_anonymous'
>;
export type IdentityJsonSource = Pick<
  IdentityRow,
  | 'id'
  | 'provider_id'
  | 'user_id'
  | 'identity_data'
  | 'provider'
  | 'last_sign_in_at'
  | 'created_at'
  | 'updated_at'
  | 'email'
>;

/** The user object of Supabase's API. */
export function userJson(user: UserJsonSource, identities: IdentityJsonSource[]): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export async function userResponse(db: DbOrTrx, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await identitiesOf(db, user.id));
}

export function isUniqueViolation(error: unknown, constraint: RegExp): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint.test(String(name));
}
