import { sql, type Expression, type Kysely } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import type { Database, ProfileRow } from '../db/schema.ts';
import { tierFromPlanName, type Tier } from './tiers.ts';
import type { Profile } from './types.ts';
import { MESSAGES, usernameError } from './validation.ts';

/** Profile queries. The server enforces who may do what. */

type Db = Kysely<Database>;

export const PROFILE_COLUMNS = ['id', 'username', 'full_name', 'bio', 'email', 'avatar_url', 'created_at'] as const;

export function toProfile(row: ProfileRow): Profile {
  return { ...row, created_at: row.created_at.toISOString() };
}

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const row = await db.selectFrom('profiles').select(PROFILE_COLUMNS).where('id', '=', userId).executeTakeFirst();
  return row ? toProfile(row) : null;
}

export async function getProfileByUsername(db: Db, username: string): Promise<Profile | null> {
  const row = await db
    .selectFrom('profiles')
    .select(PROFILE_COLUMNS)
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toProfile(row) : null;
}

export async function isUsernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  let query = db
    .selectFrom('profiles')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase());
  if (exceptUserId) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface UsernameCheck {
  available: boolean;
  message: string;
}

/** GET /api/auth/check-username: the first rule broken, else taken or available. */
export async function checkUsername(db: Db, username: string): Promise<UsernameCheck> {
  const invalid = usernameError(username);
  if (invalid) return { available: false, message: invalid };
  if (await isUsernameTaken(db, username)) return { available: false, message: MESSAGES.usernameTaken };
  return { available: true, message: MESSAGES.usernameAvailable };
}

export class UsernameTakenError extends Error {
  constructor() {
    super(MESSAGES.usernameTakenLong);
    this.name = 'UsernameTakenError';
  }
}

export class UsernameAlreadySetError extends Error {
  constructor() {
    super('Your profile already has a username.');
    this.name = 'UsernameAlreadySetError';
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Gives a user without a username their profile (the Google / confirm path): fills the
 * profile the sign-up trigger made, or creates it when missing. Never touches another
 * user's row: the id comes from the verified session, not from the request body.
 */
export async function createProfileForUser(
  db: Db,
  userId: string,
  input: { username: string; full_name?: string | null | undefined },
): Promise<Profile> {
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await sql<{ email: string | null }>`select email from auth.users where id = ${userId}`.execute(trx);
      if (user.rows.length === 0) throw new Error('No auth user for this profile.');
      const email = user.rows[0]!.email;
      const existing = await trx
        .selectFrom('profiles')
        .select(['username'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (existing?.username) throw new UsernameAlreadySetError();
      const fullName = input.full_name?.trim() || null;
      const row = existing
        ? await trx
            .updateTable('profiles')
            .set((eb) => ({ username: input.username, full_name: fullName ?? eb.ref('full_name'), email }))
            .where('id', '=', userId)
            .returning(PROFILE_COLUMNS)
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('profiles')
            .values({ id: userId, username: input.username, full_name: fullName, email })
            .returning(PROFILE_COLUMNS)
            .executeTakeFirstOrThrow();
      return toProfile(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError();
    throw error;
  }
}

/**
 * Changes the fields `input` names and leaves the others as they are; an empty bio clears
 * it. The change is recorded (privately) as the avatar upload's is, so completing the
 * profile (avatar and bio) earns its XP whichever came last.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: { full_name?: string | undefined; bio?: string | undefined },
): Promise<Profile | null> {
  const changes = {
    ...(input.full_name !== undefined ? { full_name: input.full_name } : {}),
    ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
  };
  if (Object.keys(changes).length === 0) return getProfile(db, userId);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('profiles')
      .set(changes)
      .where('id', '=', userId)
      .returning(PROFILE_COLUMNS)
      .executeTakeFirst();
    if (!row) return null;
    await recordActivity(trx, {
      actorId: userId,
      kind: 'profile_updated',
      subjectType: 'profile',
      subjectId: userId,
      data: { hasAvatar: Boolean(row.avatar_url), hasBio: Boolean(row.bio) },
      isPublic: false,
    });
    return toProfile(row);
  });
}

/** The email behind a username, for signing in by username on the server (never sent to the browser). */
export async function emailForUsername(db: Db, username: string): Promise<string | null> {
  const result = await sql<{ email: string | null }>`
    select u.email from public.profiles p join auth.users u on u.id = p.id
    where lower(p.username) = ${username.trim().toLowerCase()} limit 1
  `.execute(db);
  return result.rows[0]?.email ?? null;
}

/** The name of the plan of `userId`'s active subscription (a subquery; none when on the free plan). */
export function activePlanName(db: Db, userId: Expression<string>) {
  return (
    db
      .selectFrom('user_subscriptions')
      .innerJoin('subscription_plans', 'subscription_plans.id', 'user_subscriptions.plan_id')
      .select('subscription_plans.name')
      .where('user_subscriptions.user_id', '=', userId)
      .where('user_subscriptions.status', '=', 'active')
      // Cancelled at period end: the plan ends on the day the paid period does, even before
      // Stripe's customer.subscription.deleted arrives.
      .where((eb) =>
        eb.or([
          eb('user_subscriptions.cancel_at_period_end', '=', false),
          eb('user_subscriptions.current_period_end', '>', sql<Date>`now()`),
        ]),
      )
      .limit(1)
  );
}

/** The user's tier: the lower-cased plan name of their active subscription, else free. */
export async function getUserTier(db: Db, userId: string): Promise<Tier> {
  const row = await activePlanName(db, sql.val(userId)).executeTakeFirst();
  return tierFromPlanName(row?.name);
}

/** Deletes the auth user; its identities, sessions, profile and subscriptions go with it (cascades). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await sql`delete from auth.users where id = ${userId}`.execute(db);
}

/** What the settings page shows about the account itself. */
export async function accountDetails(
  db: Db,
  userId: string,
): Promise<{ email: string | null; pendingEmail: string | null; hasPassword: boolean } | null> {
  const result = await sql<{ email: string | null; email_change: string | null; has_password: boolean }>`
    select email, nullif(email_change, '') as email_change, (encrypted_password is not null and encrypted_password <> '') as has_password
    from auth.users where id = ${userId}
  `.execute(db);
  const row = result.rows[0];
  return row ? { email: row.email, pendingEmail: row.email_change, hasPassword: row.has_password } : null;
}
