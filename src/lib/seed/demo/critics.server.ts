import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordDataLoad } from '../../db/migrations.server.ts';
import { titleKey } from '../../catalogue-import/merge.ts';
import { writeCatalogue } from '../../catalogue-import/writer.server.ts';
import { reviewRow, writeReviewsBulk } from '../reviews.server.ts';
import { readDemoCatalogue } from './catalogue.server.ts';
import { demoCritics } from './critics.ts';

export interface DemoCriticsSummary {
  games: number;
  outlets: number;
  authors: number;
  reviews: number;
  collections: number;
}

/**
 * Loads the demo's critics (see critics.ts) on top of the demo catalogue, in one
 * transaction, through the ordinary triggers (a few thousand rows: the aggregate rows are
 * maintained exactly as they are for writes from the site). Reviews of games that are not
 * in the database are skipped; outlets, authors and collections already present (by
 * slug) are left alone.
 */
export async function loadDemoCritics(
  db: Kysely<Database>,
  anchor: Date = new Date(),
  dataDir?: string,
): Promise<DemoCriticsSummary> {
  const critics = demoCritics(await readDemoCatalogue(dataDir), anchor);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('games').select('title').execute();
    const present = new Set(existing.map((game) => titleKey(game.title)));
    const games = await writeCatalogue(
      trx,
      critics.games.filter((record) => !present.has(titleKey(record.title))),
    );

    const outletRows = await trx
      .insertInto('outlets')
      .values(
        critics.outlets.map((outlet) => ({
          slug: outlet.slug,
          name: outlet.name,
          website_url: `https://${outlet.slug}.example/`,
          description: outlet.description,
          score_scale: outlet.scale,
          recommendation_threshold: outlet.threshold,
          is_demo: true,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning(['id', 'slug'])
      .execute();
    const outletIds = new Map(outletRows.map((row) => [row.slug, row.id]));

    const authorRows =
      outletRows.length === 0
        ? []
        : await trx
            .insertInto('authors')
            .values(
              critics.authors.map((author) => ({
                name: author.name,
                slug: author.slug,
                bio: author.bio,
                avatar_url: null,
                user_id: null,
                is_demo: true,
              })),
            )
            .returning('id')
            .execute();
    const authorIds = authorRows.map((row) => row.id);
    const memberships = critics.authors.flatMap((author, index) =>
      author.outlets
        .filter((slug) => outletIds.has(slug) && authorIds[index] !== undefined)
        .map((slug, position) => ({
          outlet_id: outletIds.get(slug)!,
          author_id: authorIds[index]!,
          role: position === 0 ? ('staff' as const) : ('contributor' as const),
        })),
    );
    if (memberships.length > 0) await trx.insertInto('outlet_authors').values(memberships).execute();

    const gameRows = await trx.selectFrom('games').select(['id', 'slug']).execute();
    const gameIds = new Map(gameRows.map((row) => [row.slug, row.id]));
    const platformRows = await trx.selectFrom('platforms').select(['id', 'slug']).execute();
    const platformIds = new Map(platformRows.map((row) => [row.slug, row.id]));
    const reviews = critics.reviews.filter(
      (review) => gameIds.has(review.gameSlug) && outletIds.has(review.outletSlug),
    );
    await writeReviewsBulk(
      trx,
      reviews.map((review) =>
        reviewRow(
          review,
          {
            gameId: gameIds.get(review.gameSlug)!,
            outletId: outletIds.get(review.outletSlug)!,
            authorId: authorIds[review.author] ?? null,
          },
          platformIds,
        ),
      ),
    );

    let collections = 0;
    for (const collection of critics.collections) {
      const members = collection.games.filter((slug) => gameIds.has(slug));
      const row = await trx
        .insertInto('collections')
        .values({ slug: collection.slug, title: collection.title, description: collection.description, is_demo: true })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      collections += 1;
      if (members.length > 0) {
        await trx
          .insertInto('collection_games')
          .values(
            members.map((slug, index) => ({
              collection_id: row.id,
              game_id: gameIds.get(slug)!,
              position: index + 1,
              note: null,
            })),
          )
          .execute();
      }
    }

    const summary = {
      games,
      outlets: outletRows.length,
      authors: authorIds.length,
      reviews: reviews.length,
      collections,
    };
    await recordDataLoad(trx, 'demo-critics', { ...summary, anchor: anchor.toISOString() });
    return summary;
  });
}
