import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Kysely, Transaction } from 'kysely';
import type { Tier } from '../../auth/tiers.ts';
import { recordDataLoad } from '../../db/migrations.server.ts';
import type { Database } from '../../db/schema.ts';

/**
 * One demo account per side of the site, for the embedded demo only: a newcomer signs in
 * as each tier, as an outlet owner, as an author and as an administrator. They are made
 * the way a confirmed sign-up is (an `auth.users` row with a bcrypt hash, its email
 * identity, the profile from the sign-up metadata by the trigger on auth.users), so they
 * behave exactly like real accounts. Their names say they are demo accounts.
 */

/** Shared by every demo account, and listed in the README. */
export const DEMO_PASSWORD = 'DemoPass-2026';

export type DemoRole = 'owner' | 'author' | 'admin';

export interface DemoAccount {
  email: string;
  username: string;
  fullName: string;
  /** The plan of its active subscription; Free accounts have none, like a new sign-up. */
  tier: Tier;
  role?: DemoRole;
}

const account = (key: string, label: string, tier: Tier, role?: DemoRole): DemoAccount => ({
  email: `${key}@demo.test`,
  username: `demo_${key}`,
  fullName: `Demo ${label}`,
  tier,
  ...(role ? { role } : {}),
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account('free', 'Free member', 'free'),
  account('adfree', 'Ad-Free member', 'ad_free'),
  account('premium', 'Premium member', 'premium'),
  account('owner', 'outlet owner', 'free', 'owner'),
  account('author', 'author', 'free', 'author'),
  account('admin', 'administrator', 'free', 'admin'),
];

/** The demo outlet the owner account manages (the first outlet of the demo critics). */
export const DEMO_OWNED_OUTLET = 'pixel-ledger';

const DEMO_BIO = 'A demo account of the embedded demo: its password is in the README, and anyone may sign in with it.';
// The local auth service's values for these columns (Supabase Auth's own).
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
const BCRYPT_COST = 10;

export interface DemoAccountsSummary {
  created: number;
  existing: number;
  /** The outlet the owner account owns, and the author the author account is, when the demo critics are present. */
  outlet: string | null;
  author: string | null;
}

type Trx = Transaction<Database>;

/** Creates the account unless its email already has one; returns the user id and whether it was made now. */
async function ensureUser(
  trx: Trx,
  demo: DemoAccount,
  passwordHash: string,
  at: Date,
): Promise<{ id: string; created: boolean }> {
  const existing = await trx.selectFrom('auth.users').select('id').where('email', '=', demo.email).executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const taken = await trx
    .selectFrom('profiles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', demo.username))
    .executeTakeFirst();
  if (taken) {
    throw new Error(
      `Cannot create the demo account ${demo.email}: another account already has the username ${demo.username}.`,
    );
  }
  const id = randomUUID();
  await trx
    .insertInto('auth.users')
    .values({
      instance_id: INSTANCE_ID,
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email: demo.email,
      encrypted_password: passwordHash,
      email_confirmed_at: at,
      confirmation_token: '',
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      // The profile trigger reads these, exactly as for a sign-up from the site's form.
      raw_user_meta_data: { username: demo.username, full_name: demo.fullName, bio: DEMO_BIO },
      created_at: at,
      updated_at: at,
      is_sso_user: false,
      is_anonymous: false,
    })
    .execute();
  await trx
    .insertInto('auth.identities')
    .values({
      provider_id: id,
      user_id: id,
      identity_data: { sub: id, email: demo.email, email_verified: true, phone_verified: false },
      provider: 'email',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, created: true };
}

async function ensureSubscription(trx: Trx, userId: string, tier: Tier): Promise<void> {
  if (tier === 'free') return;
  const active = await trx
    .selectFrom('user_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (active) return;
  const plan = await trx
    .selectFrom('subscription_plans')
    .select('id')
    .where('name', '=', tier)
    .executeTakeFirstOrThrow();
  // No period end: a demo membership does not lapse.
  await trx.insertInto('user_subscriptions').values({ user_id: userId, plan_id: plan.id, status: 'active' }).execute();
}

/** Gives the owner the demo outlet, unless someone else already owns it. */
async function ensureOwnedOutlet(trx: Trx, userId: string): Promise<string | null> {
  const outlet = await trx
    .updateTable('outlets')
    .set({ owner_id: userId })
    .where('slug', '=', DEMO_OWNED_OUTLET)
    .where('is_demo', '=', true)
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]))
    .returning('slug')
    .executeTakeFirst();
  return outlet?.slug ?? null;
}

/** Links the author account to the first staff critic of the owned outlet (or keeps an existing link). */
async function ensureLinkedAuthor(trx: Trx, userId: string): Promise<string | null> {
  const linked = await trx.selectFrom('authors').select('name').where('user_id', '=', userId).executeTakeFirst();
  if (linked) return linked.name;
  const candidate = await trx
    .selectFrom('authors')
    .innerJoin('outlet_authors', 'outlet_authors.author_id', 'authors.id')
    .innerJoin('outlets', 'outlets.id', 'outlet_authors.outlet_id')
    .select(['authors.id', 'authors.name'])
    .where('outlets.slug', '=', DEMO_OWNED_OUTLET)
    .where('authors.is_demo', '=', true)
    .where('authors.user_id', 'is', null)
    .where('outlet_authors.role', '=', 'staff')
    .orderBy('authors.id')
    .executeTakeFirst();
  if (!candidate) return null;
  await trx.updateTable('authors').set({ user_id: userId }).where('id', '=', candidate.id).execute();
  return candidate.name;
}

/**
 * Creates the demo accounts that do not exist yet and their subscriptions, outlet and
 * author links, in one transaction; running it again changes nothing. Call it only for
 * the embedded database: the accounts have a published password.
 */
export async function loadDemoAccounts(db: Kysely<Database>, now: Date = new Date()): Promise<DemoAccountsSummary> {
  // One hash for the shared password (each bcrypt hash carries its own salt; the password
  // is public anyway), so seeding costs one bcrypt round rather than six.
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, BCRYPT_COST);
  return db.transaction().execute(async (trx) => {
    const summary: DemoAccountsSummary = { created: 0, existing: 0, outlet: null, author: null };
    for (const demo of DEMO_ACCOUNTS) {
      const user = await ensureUser(trx, demo, passwordHash, now);
      summary[user.created ? 'created' : 'existing'] += 1;
      await ensureSubscription(trx, user.id, demo.tier);
      if (demo.role === 'owner') summary.outlet = await ensureOwnedOutlet(trx, user.id);
      if (demo.role === 'author') summary.author = await ensureLinkedAuthor(trx, user.id);
      if (demo.role === 'admin')
        await trx
          .insertInto('app_meta.admins')
          .values({ user_id: user.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
    await recordDataLoad(trx, 'demo-accounts', { ...summary });
    return summary;
  });
}
