import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { GameCard } from '../games/games.ts';
import { listCatalogue } from '../games/listing.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import { PUBLISHER_GAMES_PAGE_SIZE, type Publisher } from './publishers.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

export function findPublisher(db: Kysely<Database>, slug: string): Promise<Publisher | undefined> {
  return db.selectFrom('companies').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

/** /publishers/{slug}: the company and the games it published, newest first; undefined for an unknown slug. */
export async function publisherPage(
  db: Kysely<Database>,
  slug: string,
  page: number,
): Promise<{ publisher: Publisher; listing: Paged<GameCard> } | undefined> {
  const publisher = await findPublisher(db, slug);
  if (!publisher) return undefined;
  const listing = await listCatalogue(db, {
    filter: { publisherId: publisher.id },
    sort: 'release-desc',
    page,
    pageSize: PUBLISHER_GAMES_PAGE_SIZE,
  });
  return { publisher, listing };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/publishers/[name]': 2,
} as const satisfies QueryBudgets;
