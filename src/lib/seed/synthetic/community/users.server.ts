import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * Synthetic players for the community benchmark: `count` confirmed accounts with profiles,
 * made in the database in one statement (the profile trigger fills `public.profiles` as a
 * sign-up would). They have no password and no identity, so nobody can sign in as one; their
 * emails are on the reserved `.invalid` domain and their names say they are synthetic.
 * Deterministic: the n-th player always has the same id, username and sign-up time, so the
 * feature generators (statuses and lists, reviews, ledger and follows) can address players
 * by number with `syntheticUserId(n)`.
 */

export const SYNTHETIC_USER_PREFIX = 'synthetic_';

/** The id of the n-th synthetic player (1-based): a fixed UUID with n in its last group. */
export function syntheticUserId(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 999_999_999_999) throw new RangeError(`No synthetic player number ${n}.`);
  return `5e000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
}

export function syntheticUsername(n: number): string {
  return `${SYNTHETIC_USER_PREFIX}${n.toString().padStart(6, '0')}`;
}

export interface SyntheticUsersOptions {
  count: number;
  /** Sign-ups are spread evenly over the days before `now`. */
  days?: number;
  now?: Date;
}

/** Inserts players 1..count; players already there are left as they are. Returns how many were added. */
export async function loadSyntheticUsers(
  db: Kysely<Database> | Transaction<Database>,
  { count, days = 730, now = new Date() }: SyntheticUsersOptions,
): Promise<number> {
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
    throw new RangeError(`Cannot generate ${count} synthetic players.`);
  if (count === 0) return 0;
  const result = await sql`
    insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    select
      '00000000-0000-0000-0000-000000000000'::uuid,
      ('5e000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
      'authenticated',
      'authenticated',
      ${SYNTHETIC_USER_PREFIX} || lpad(n::text, 6, '0') || '@synthetic.invalid',
      joined,
      '{"provider":"email","providers":["email"]}'::jsonb,
      jsonb_build_object('username', ${SYNTHETIC_USER_PREFIX} || lpad(n::text, 6, '0'), 'full_name', 'Synthetic player ' || n),
      joined,
      joined
    from generate_series(1, ${count}::int) as n,
      lateral (select ${now.toISOString()}::timestamptz - make_interval(secs => (${days}::float8 * 86400 * (${count}::int - n) / ${count}::int)) as joined) as t
    on conflict (id) do nothing
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
