import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordDataLoad } from '../../db/migrations.server.ts';
import { describeGame, mergeByTitle, titleKey, type CatalogueRecord } from '../../catalogue-import/merge.ts';
import { steamRows, vgchartzRows } from '../../catalogue-import/sources.ts';
import { writeCatalogue } from '../../catalogue-import/writer.server.ts';

/**
 * The demo catalogue: every game in the two licensed samples under data/ (attribution on
 * /about), merged by title. Loading is idempotent: games already present (by title) are
 * left alone, so `npm run db:seed` can run on a database that already has data.
 */

export const DATA_DIR = path.resolve(process.cwd(), 'data');
export const STEAM_FILE = 'steam_store_games_nikdavis_sample.csv';
export const VGCHARTZ_FILE = 'vgchartz_2024_sample.csv';

/** Rows keyed by the header line; a row with a different number of fields throws (csv-parse). */
function records(text: string): Record<string, string>[] {
  return parse<Record<string, string>>(text, { bom: true, columns: true, skip_empty_lines: true });
}

export async function readDemoCatalogue(dataDir: string = DATA_DIR): Promise<CatalogueRecord[]> {
  const [steam, vgchartz] = await Promise.all([
    readFile(path.join(dataDir, STEAM_FILE), 'utf8'),
    readFile(path.join(dataDir, VGCHARTZ_FILE), 'utf8'),
  ]);
  const rows = [...vgchartzRows(records(vgchartz)), ...steamRows(records(steam))];
  return mergeByTitle(rows).map((record) => ({ ...record, summary: describeGame(record) }));
}

export async function loadDemoCatalogue(
  db: Kysely<Database>,
  dataDir?: string,
): Promise<{ games: number; skipped: number }> {
  const records = await readDemoCatalogue(dataDir);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('games').select(['slug', 'title']).execute();
    const presentTitles = new Set(existing.map((game) => titleKey(game.title)));
    const takenSlugs = new Set(existing.map((game) => game.slug));
    const fresh = records.filter((record) => !presentTitles.has(titleKey(record.title)));
    if (fresh.some((record) => takenSlugs.has(record.slug))) {
      throw new Error('A demo game slug is already used by a different game; rename that game or reset the database.');
    }
    const games = await writeCatalogue(trx, fresh);
    await recordDataLoad(trx, 'demo', { games: records.length });
    return { games, skipped: records.length - fresh.length };
  });
}
