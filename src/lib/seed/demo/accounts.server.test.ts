import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/database.ts';
import { getUserTier } from '../../auth/profiles.server.ts';
import type { DatabaseConnection } from '../../db/connect.server.ts';
import { hasDataLoad } from '../../db/migrations.server.ts';
import { DEMO_ACCOUNTS, DEMO_OWNED_OUTLET, DEMO_PASSWORD, loadDemoAccounts } from './accounts.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, accounts: true });
});
afterAll(() => connection.close());

async function userId(email: string): Promise<string> {
  const user = await connection.db
    .selectFrom('auth.users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return user.id;
}

async function counts(): Promise<Record<string, number>> {
  const result = await sql<Record<string, number>>`
    select
      (select count(*)::int from auth.users) as users,
      (select count(*)::int from auth.identities) as identities,
      (select count(*)::int from public.profiles) as profiles,
      (select count(*)::int from public.user_subscriptions) as subscriptions,
      (select count(*)::int from public.outlets where owner_id is not null) as owned_outlets,
      (select count(*)::int from public.authors where user_id is not null) as linked_authors
  `.execute(connection.db);
  return result.rows[0]!;
}

describe('loadDemoAccounts', () => {
  it('creates the six accounts the README lists, confirmed, with the demo password and an email identity', async () => {
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual([
      'free@demo.test',
      'adfree@demo.test',
      'premium@demo.test',
      'owner@demo.test',
      'author@demo.test',
      'admin@demo.test',
    ]);
    for (const account of DEMO_ACCOUNTS) {
      const user = await connection.db
        .selectFrom('auth.users')
        .select(['id', 'encrypted_password', 'email_confirmed_at', 'confirmed_at', 'aud', 'role'])
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      expect(user.email_confirmed_at, account.email).toBeInstanceOf(Date);
      expect(user.confirmed_at, account.email).toBeInstanceOf(Date);
      expect([user.aud, user.role]).toEqual(['authenticated', 'authenticated']);
      expect(await bcrypt.compare(DEMO_PASSWORD, user.encrypted_password!)).toBe(true);
      const identity = await connection.db
        .selectFrom('auth.identities')
        .select(['provider', 'email', 'identity_data'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(identity).toMatchObject({
        provider: 'email',
        email: account.email,
        identity_data: { email_verified: true },
      });
    }
  });

  it('gives every account a profile through the sign-up trigger, labelled as a demo account', async () => {
    const profiles = await connection.db
      .selectFrom('profiles')
      .select(['username', 'full_name', 'bio', 'email'])
      .where('email', 'like', '%@demo.test')
      .orderBy('username')
      .execute();
    expect(profiles.map((profile) => profile.username)).toEqual([
      'demo_adfree',
      'demo_admin',
      'demo_author',
      'demo_free',
      'demo_owner',
      'demo_premium',
    ]);
    for (const profile of profiles) {
      expect(profile.full_name).toMatch(/^Demo /);
      expect(profile.bio).toMatch(/demo account/i);
    }
  });

  it('puts each account on its tier through active subscriptions on the seeded plans', async () => {
    const tiers = await Promise.all(
      DEMO_ACCOUNTS.map(async (account) => getUserTier(connection.db, await userId(account.email))),
    );
    expect(tiers).toEqual(['free', 'ad_free', 'premium', 'free', 'free', 'free']);
    const freeRows = await connection.db
      .selectFrom('user_subscriptions')
      .select('id')
      .where('user_id', '=', await userId('free@demo.test'))
      .execute();
    expect(freeRows).toEqual([]);
  });

  it('makes the owner the owner of one demo outlet, and the author one of its demo critics', async () => {
    const owner = await userId('owner@demo.test');
    const owned = await connection.db
      .selectFrom('outlets')
      .select(['slug', 'is_demo'])
      .where('owner_id', '=', owner)
      .execute();
    expect(owned).toEqual([{ slug: DEMO_OWNED_OUTLET, is_demo: true }]);

    const author = await userId('author@demo.test');
    const linked = await connection.db
      .selectFrom('authors')
      .innerJoin('outlet_authors', 'outlet_authors.author_id', 'authors.id')
      .innerJoin('outlets', 'outlets.id', 'outlet_authors.outlet_id')
      .select(['authors.is_demo', 'outlets.slug'])
      .where('authors.user_id', '=', author)
      .execute();
    expect(linked).toContainEqual({ is_demo: true, slug: DEMO_OWNED_OUTLET });
    expect(await hasDataLoad(connection.db, 'demo-accounts')).toBe(true);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    expect(before).toMatchObject({
      users: 6,
      identities: 6,
      profiles: 6,
      subscriptions: 2,
      owned_outlets: 1,
      linked_authors: 1,
    });
    const summary = await loadDemoAccounts(connection.db);
    expect(summary).toMatchObject({ created: 0, existing: 6, outlet: DEMO_OWNED_OUTLET });
    expect(await counts()).toEqual(before);
  });
});
