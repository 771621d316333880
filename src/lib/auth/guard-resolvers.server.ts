import { sql } from 'kysely';
import { authorIdSchema } from '../authors/authors.ts';
import { getDb } from '../db/db.server.ts';
import type { GuardResolvers } from './guards.ts';

/**
 * Data the outlet and author guards need, supplied by the features that own it: outlets
 * (owner_id, and authors linked to a user through outlet_authors) and authors (the
 * canonical /authors/{id}/{slug} path).
 */
export const guardResolvers: GuardResolvers = {
  async isOutletOwner(userId, slug) {
    const db = await getDb();
    let query = db
      .selectFrom('outlet_owners')
      .innerJoin('outlets', 'outlets.id', 'outlet_owners.outlet_id')
      .select(sql`1`.as('one'))
      .where('outlet_owners.user_id', '=', userId);
    if (slug) query = query.where('outlets.slug', '=', slug);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  },

  async canAccessOutlet(userId, slug) {
    const db = await getDb();
    let query = db
      .selectFrom('outlets')
      .select(sql`1`.as('one'))
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
      );
    if (slug) query = query.where('outlets.slug', '=', slug);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  },

  async findAuthor(id) {
    const parsed = authorIdSchema.safeParse(id);
    if (!parsed.success) return null;
    const db = await getDb();
    return (
      (await db.selectFrom('authors').select(['id', 'slug']).where('id', '=', parsed.data).executeTakeFirst()) ?? null
    );
  },
};
