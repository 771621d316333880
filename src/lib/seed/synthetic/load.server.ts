import { sql, type Kysely, type Transaction } from 'kysely';
import type { CatalogueRecord } from '../../catalogue-import/merge.ts';
import { writeCatalogue } from '../../catalogue-import/writer.server.ts';
import { recordDataLoad } from '../../db/migrations.server.ts';
import type { Database } from '../../db/schema.ts';
import { reviewRow, writeReviewsBulk, type BulkReviewRow } from '../reviews.server.ts';
import { clearCatalogue, clearCritics, withReviewTriggersDisabled } from './bulk.server.ts';
import { syntheticCatalogue, type SyntheticOptions } from './catalogue.ts';
import {
  syntheticAuthors,
  syntheticOutletCount,
  syntheticOutlets,
  syntheticReviewsFor,
  type SyntheticOutlet,
} from './critics.ts';

const CHUNK = 20_000;

export interface SyntheticLoadOptions extends SyntheticOptions {
  /** Critic reviews per game (previews for games not out yet); 0 for none. */
  reviewsPerGame?: number;
  /** "Now" for review dates (tests pin it). */
  now?: Date;
}

interface CriticIds {
  outlets: SyntheticOutlet[];
  outletIds: number[];
  authorIds: number[];
  platformIds: Map<string, number>;
}

async function writeSyntheticCritics(
  trx: Transaction<Database>,
  reviewsPerGame: number,
  seed: number,
): Promise<CriticIds> {
  const outlets = syntheticOutlets(syntheticOutletCount(reviewsPerGame), seed);
  const outletRows = await trx
    .insertInto('outlets')
    .values(
      outlets.map((outlet) => ({
        slug: outlet.slug,
        name: outlet.name,
        website_url: `https://${outlet.slug}.example/`,
        description: 'Synthetic benchmark outlet. Not a real publication.',
        score_scale: outlet.scale,
        recommendation_threshold: outlet.threshold,
        is_demo: true,
      })),
    )
    .returning('id')
    .execute();
  const authors = syntheticAuthors(outlets.length);
  const authorRows = await trx
    .insertInto('authors')
    .values(
      authors.map((author) => ({
        name: author.name,
        slug: author.slug,
        bio: 'Synthetic benchmark critic.',
        avatar_url: null,
        user_id: null,
        is_demo: true,
      })),
    )
    .returning('id')
    .execute();
  const outletIds = outletRows.map((row) => row.id);
  const authorIds = authorRows.map((row) => row.id);
  await trx
    .insertInto('outlet_authors')
    .values(
      authors.map((author, index) => ({
        outlet_id: outletIds[author.outlet]!,
        author_id: authorIds[index]!,
        role: 'staff' as const,
      })),
    )
    .execute();
  const platforms = await trx.selectFrom('platforms').select(['id', 'slug']).execute();
  return { outlets, outletIds, authorIds, platformIds: new Map(platforms.map((p) => [p.slug, p.id])) };
}

/**
 * Replaces the catalogue (and the critics) with a synthetic one in a single transaction:
 * a failure leaves the previous data in place. With `reviewsPerGame`, every game gets
 * that many critic reviews, written in bulk with the review triggers off and aggregated
 * once at the end.
 */
export async function loadSyntheticCatalogue(
  db: Kysely<Database>,
  options: SyntheticLoadOptions,
  onProgress: (written: number, reviews: number) => void = () => {},
): Promise<{ games: number; reviews: number }> {
  const reviewsPerGame = options.reviewsPerGame ?? 0;
  const seed = options.seed ?? 42;
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    await clearCatalogue(trx);
    await clearCritics(trx);
    const critics = reviewsPerGame > 0 ? await writeSyntheticCritics(trx, reviewsPerGame, seed) : undefined;

    const load = async () => {
      let written = 0;
      let reviews = 0;
      let index = 0;
      let chunk: CatalogueRecord[] = [];
      const flush = async () => {
        const ids = new Map<string, number>();
        written += await writeCatalogue(trx, chunk, (batch) => batch.forEach((id, slug) => ids.set(slug, id)));
        if (critics) {
          const rows: BulkReviewRow[] = [];
          for (const record of chunk) {
            const gameId = ids.get(record.slug)!;
            for (const review of syntheticReviewsFor(record, index, critics.outlets, { reviewsPerGame, seed, now })) {
              const by = {
                gameId,
                outletId: critics.outletIds[review.outlet]!,
                authorId: critics.authorIds[review.author] ?? null,
              };
              rows.push(reviewRow(review, by, critics.platformIds));
            }
            index += 1;
          }
          await writeReviewsBulk(trx, rows);
          reviews += rows.length;
        } else {
          index += chunk.length;
        }
        onProgress(written, reviews);
        chunk = [];
      };
      for (const record of syntheticCatalogue(options)) {
        chunk.push(record);
        if (chunk.length === CHUNK) await flush();
      }
      if (chunk.length > 0) await flush();
      return { games: written, reviews };
    };

    const result = critics ? await withReviewTriggersDisabled(trx, load) : await load();
    // Fresh statistics, so the planner picks the indexes on the new table sizes.
    await sql`analyze`.execute(trx);
    await recordDataLoad(trx, 'synthetic', {
      games: result.games,
      seed,
      ...(reviewsPerGame > 0 ? { reviewsPerGame, reviews: result.reviews } : {}),
    });
    return result;
  });
}
