import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { titleKey } from '../catalogue-import/merge.ts';
import { slugify } from '../games/slug.ts';
import { audit } from './admin.server.ts';
import type { GameImportCandidate, GameImportPreview, GameImportPreviewRow } from './game-import.ts';
import { insertGame } from './games.server.ts';

type Db = Kysely<Database>;

/** Existing games by title key (case, spacing and trademark signs ignored), for the titles given. */
async function existingByTitle(db: Db, titles: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const keys = [...new Set(titles.map(titleKey))];
  for (let start = 0; start < keys.length; start += 500) {
    const chunk = keys.slice(start, start + 500);
    const rows = await db
      .selectFrom('games')
      .select(['slug', 'title'])
      .where(sql<string>`lower(title)`, 'in', chunk)
      .execute();
    for (const row of rows) if (!found.has(titleKey(row.title))) found.set(titleKey(row.title), row.slug);
  }
  return found;
}

/** The preview: each line new, already in the catalogue (skipped) or in error. Reads only. */
export async function previewGameImport(
  db: Db,
  parsed: { formatLabel: string; rows: { line: number; title: string; error: string | null }[] },
): Promise<GameImportPreview> {
  const existing = await existingByTitle(db, parsed.rows.filter((row) => !row.error).map((row) => row.title));
  const rows: GameImportPreviewRow[] = parsed.rows.map((row) => {
    if (row.error) return { line: row.line, title: row.title, status: 'error', message: row.error, slug: null };
    const slug = existing.get(titleKey(row.title));
    return slug
      ? { line: row.line, title: row.title, status: 'exists', message: 'Already in the catalogue: skipped.', slug }
      : { line: row.line, title: row.title, status: 'new', message: null, slug: null };
  });
  const newTitles = new Set(rows.filter((row) => row.status === 'new').map((row) => titleKey(row.title)));
  const existingTitles = new Set(rows.filter((row) => row.status === 'exists').map((row) => titleKey(row.title)));
  return {
    format: parsed.formatLabel,
    rows,
    counts: { newGames: newTitles.size, existing: existingTitles.size, errors: rows.filter((row) => row.status === 'error').length },
  };
}

/**
 * Creates the new games of an import in ONE transaction: a game whose title already exists
 * is skipped; each new game gets a free slug and is audited like a game made by hand, and
 * the import itself is audited with its counts. Any failure rolls everything back.
 */
export async function importGames(db: Db, games: readonly GameImportCandidate[], adminId: string, fileLabel: string): Promise<{ created: { id: number; slug: string }[]; skipped: number }> {
  return db.transaction().execute(async (trx) => {
    const existing = await existingByTitle(trx as unknown as Db, games.map((game) => game.input.title));
    const created: { id: number; slug: string }[] = [];
    let skipped = 0;
    for (const game of games) {
      if (existing.has(titleKey(game.input.title))) {
        skipped += 1;
        continue;
      }
      const base = slugify(game.input.title) || 'untitled';
      let slug = base;
      for (let n = 2; ; n += 1) {
        const taken = await trx.selectFrom('games').select('id').where('slug', '=', slug).unionAll(trx.selectFrom('game_slug_redirects').select('game_id as id').where('old_slug', '=', slug)).executeTakeFirst();
        if (!taken) break;
        slug = `${base.slice(0, 110)}-${n}`;
      }
      created.push(await insertGame(trx, { ...game.input, slug }, adminId));
    }
    await audit(trx, { adminId, action: 'game.import', subjectType: 'game_import', subjectId: fileLabel.slice(0, 200), after: { created: created.map((game) => game.slug), skipped } });
    return { created, skipped };
  });
}
