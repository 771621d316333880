import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { gameCardsByIds } from '../games/games.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import {
  COLLECTION_MAX_GAMES,
  COLLECTIONS_PAGE_SIZE,
  type CollectionDetail,
  type CollectionSummary,
} from './collections.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

export function listCollections(db: Kysely<Database>, page: number): Promise<Paged<CollectionSummary>> {
  const collections = db.selectFrom('collections');
  const summaries = collections
    .select([
      'collections.slug',
      'collections.title',
      'collections.description',
      'collections.is_demo as isDemo',
      sql<number>`(select count(*)::int from public.collection_games cg where cg.collection_id = collections.id)`.as(
        'gameCount',
      ),
      sql<string[]>`coalesce((select array_agg(t.title order by t.position) from (
        select g.title, cg.position from public.collection_games cg join public.games g on g.id = cg.game_id
        where cg.collection_id = collections.id order by cg.position limit 3) t), '{}')`.as('firstTitles'),
    ])
    .orderBy(sql`lower(collections.title)`)
    .orderBy('collections.id');
  return paginate(summaries, countRows(collections), { page, pageSize: COLLECTIONS_PAGE_SIZE });
}

export async function getCollection(db: Kysely<Database>, slug: string): Promise<CollectionDetail | undefined> {
  const collection = await db
    .selectFrom('collections')
    .select(['id', 'slug', 'title', 'description', 'is_demo as isDemo', 'updated_at as updatedAt'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!collection) return undefined;
  const members = await db
    .selectFrom('collection_games')
    .select(['game_id', 'position', 'note'])
    .where('collection_id', '=', collection.id)
    .orderBy('position')
    .limit(COLLECTION_MAX_GAMES)
    .execute();
  const cards = await gameCardsByIds(
    db,
    members.map((member) => member.game_id),
  );
  const byId = new Map(members.map((member) => [member.game_id, member]));
  return {
    ...collection,
    games: cards.map((card) => ({ ...card, position: byId.get(card.id)!.position, note: byId.get(card.id)!.note })),
  };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/collections': 1,
  '/collections/[slug]': 3,
} as const satisfies QueryBudgets;
