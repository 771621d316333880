import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordDataLoad } from '../db/migrations.server.ts';
import type { CatalogueRecord } from './catalogue.ts';
import { syntheticCatalogue, type SyntheticOptions } from './synthetic.ts';
import { clearCatalogue, writeCatalogue } from './writer.server.ts';

const CHUNK = 20_000;

/**
 * Replaces the catalogue with a synthetic one in a single transaction: a failure leaves
 * the previous catalogue in place.
 */
export async function loadSyntheticCatalogue(
  db: Kysely<Database>,
  options: SyntheticOptions,
  onProgress: (written: number) => void = () => {},
): Promise<{ games: number }> {
  return db.transaction().execute(async (trx) => {
    await clearCatalogue(trx);
    let written = 0;
    let chunk: CatalogueRecord[] = [];
    for (const record of syntheticCatalogue(options)) {
      chunk.push(record);
      if (chunk.length === CHUNK) {
        written += await writeCatalogue(trx, chunk);
        onProgress(written);
        chunk = [];
      }
    }
    if (chunk.length > 0) {
      written += await writeCatalogue(trx, chunk);
      onProgress(written);
    }
    // Fresh statistics, so the planner picks the indexes on the new table sizes.
    await sql`analyze`.execute(trx);
    await recordDataLoad(trx, 'synthetic', { games: written, seed: options.seed ?? 42 });
    return { games: written };
  });
}
