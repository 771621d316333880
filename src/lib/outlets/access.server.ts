import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OutletAccess } from './manage.ts';

/**
 * Who a user is at an outlet: an owner (outlet_owners), an author (an author record linked to
 * the account that writes for the outlet), or nobody (undefined). Every management query
 * and write starts here, so the permission rule lives in one place.
 */

type Db = Kysely<Database> | Transaction<Database>;

const outletColumns = [
  'outlets.id',
  'outlets.slug',
  'outlets.name',
  'outlets.score_scale as scale',
  'outlets.recommendation_threshold as threshold',
  'outlets.authors_can_publish as authorsCanPublish',
] as const;

/** The user's access to the outlet `slug` (or id), or undefined when they have none or it does not exist. */
export async function outletAccess(
  db: Db,
  userId: string,
  outlet: { slug: string } | { id: number },
): Promise<OutletAccess | undefined> {
  let query = db.selectFrom('outlets').select([
    ...outletColumns,
    sql<boolean>`exists (select 1 from public.outlet_owners o where o.outlet_id = outlets.id and o.user_id = ${userId})`.as(
      'isOwner',
    ),
    sql<number | null>`(select a.id from public.authors a join public.outlet_authors oa on oa.author_id = a.id
        where oa.outlet_id = outlets.id and a.user_id = ${userId} limit 1)`.as('authorId'),
  ]);
  query = 'slug' in outlet ? query.where('outlets.slug', '=', outlet.slug) : query.where('outlets.id', '=', outlet.id);
  const row = await query.executeTakeFirst();
  if (!row || (!row.isOwner && row.authorId === null)) return undefined;
  return {
    outlet: {
      id: row.id,
      slug: row.slug,
      name: row.name,
      scale: row.scale,
      threshold: row.threshold,
      authorsCanPublish: row.authorsCanPublish,
    },
    role: row.isOwner ? 'owner' : 'author',
    authorId: row.authorId,
  };
}

export interface ManagedOutlet {
  id: number;
  slug: string;
  name: string;
  role: 'owner' | 'author';
}

/**
 * Is the user an outlet's owner, an author who writes for an outlet, both or neither?
 * One statement: the dashboard asks it on every page to offer only the tools the user can open.
 */
export async function outletRolesOf(db: Db, userId: string): Promise<{ owner: boolean; author: boolean }> {
  const row = await db
    .selectNoFrom([
      sql<boolean>`exists (select 1 from public.outlet_owners o where o.user_id = ${userId})`.as('owner'),
      sql<boolean>`exists (select 1 from public.authors a join public.outlet_authors oa on oa.author_id = a.id where a.user_id = ${userId})`.as(
        'author',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { owner: Boolean(row.owner), author: Boolean(row.author) };
}

/** Every outlet the user owns or writes for, owned first, then by name. */
export async function managedOutlets(db: Db, userId: string): Promise<ManagedOutlet[]> {
  const rows = await db
    .selectFrom('outlets')
    .select([
      'outlets.id',
      'outlets.slug',
      'outlets.name',
      sql<boolean>`exists (select 1 from public.outlet_owners o where o.outlet_id = outlets.id and o.user_id = ${userId})`.as(
        'isOwner',
      ),
    ])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('outlet_owners')
            .select(sql`1`.as('one'))
            .whereRef('outlet_owners.outlet_id', '=', 'outlets.id')
            .where('outlet_owners.user_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('outlet_authors')
            .innerJoin('authors', 'authors.id', 'outlet_authors.author_id')
            .select(sql`1`.as('one'))
            .whereRef('outlet_authors.outlet_id', '=', 'outlets.id')
            .where('authors.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy(sql`lower(outlets.name)`)
    .limit(200)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      role: row.isOwner ? ('owner' as const) : ('author' as const),
    }))
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1));
}

/** Records one change in the outlet's audit log, inside the change's transaction. */
export async function audit(
  trx: Db,
  entry: {
    outletId: number;
    actorId: string | null;
    action: string;
    subject: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await trx
    .insertInto('outlet_audit_log')
    .values({
      outlet_id: entry.outletId,
      actor_id: entry.actorId,
      action: entry.action,
      subject: entry.subject.slice(0, 200),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
