import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { gameCardsByIds } from '../games/games.server.ts';
import type { GameCard } from '../games/games.ts';
import { pageCount } from '../navigation/pagination.ts';

export const COLLECTIONS_PAGE_SIZE = 24;

export interface CollectionSummary {
  slug: string;
  title: string;
  description: string;
  isDemo: boolean;
  gameCount: number;
  firstTitles: string[];
}

export async function listCollections(
  db: Kysely<Database>,
  pageNumber: number,
): Promise<{ collections: CollectionSummary[]; total: number; pageCount: number }> {
  const [rows, count] = await Promise.all([
    sql<CollectionSummary>`
      select c.slug, c.title, c.description, c.is_demo as "isDemo",
        (select count(*)::int from public.collection_games cg where cg.collection_id = c.id) as "gameCount",
        coalesce((select array_agg(t.title order by t.position) from (
          select g.title, cg.position from public.collection_games cg join public.games g on g.id = cg.game_id
          where cg.collection_id = c.id order by cg.position limit 3) t), '{}') as "firstTitles"
      from public.collections c
      order by lower(c.title), c.id
      limit ${COLLECTIONS_PAGE_SIZE} offset ${(pageNumber - 1) * COLLECTIONS_PAGE_SIZE}
    `.execute(db),
    db.selectFrom('collections').select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { collections: rows.rows, total: count.total, pageCount: pageCount(count.total, COLLECTIONS_PAGE_SIZE) };
}

export interface CollectionDetail {
  id: number;
  slug: string;
  title: string;
  description: string;
  isDemo: boolean;
  updatedAt: Date;
  games: (GameCard & { position: number; note: string | null })[];
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
    .limit(500)
    .execute();
  const cards = await gameCardsByIds(db, members.map((member) => member.game_id));
  const byId = new Map(members.map((member) => [member.game_id, member]));
  return {
    ...collection,
    games: cards.map((card) => ({ ...card, position: byId.get(card.id)!.position, note: byId.get(card.id)!.note })),
  };
}
