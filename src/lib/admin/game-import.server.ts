import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { titleKey } from '../catalogue-import/merge.ts';
import { audit } from './admin.server.ts';
import type { GameImportCandidate, GameImportPreview, GameImportPreviewRow } from './game-import.ts';
import { runInSteps, WRITE_STEPS } from '../db/bounded-steps.server.ts';
import { GameAdminError } from './games.server.ts';
import { insertImportedGames } from './game-import-write.server.ts';

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
  const existing = await existingByTitle(
    db,
    parsed.rows.filter((row) => !row.error).map((row) => row.title),
  );
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
    counts: {
      newGames: newTitles.size,
      existing: existingTitles.size,
      errors: rows.filter((row) => row.status === 'error').length,
    },
  };
}

/** A write failed part way: the games of the steps before it are in the catalogue. */
export class GameImportStoppedError extends Error {
  readonly created: { id: number; slug: string }[];
  constructor(cause: Error, created: { id: number; slug: string }[]) {
    super(cause.message, { cause });
    this.created = created;
  }
}

/**
 * Creates the new games of an import in short steps (runInSteps), each a transaction that
 * writes a run of games set-based (insertImportedGames), so that the rest of the site keeps being served while a file of thousands of
 * games is written. Every line was checked before (the file is refused as a whole while
 * any line has an error), and the platforms are checked here before anything is written.
 * A game whose title already exists is skipped, checked again inside each step under a
 * lock that one import's step at a time holds, so two imports of one file never add a
 * title twice; each new game gets a free slug and is audited like a game made by hand, and
 * the import itself is audited with its counts. A failure part way keeps the steps before
 * it: importing the same file again adds the rest (the games already in are skipped).
 */
export async function importGames(
  db: Db,
  games: readonly GameImportCandidate[],
  adminId: string,
  fileLabel: string,
): Promise<{ created: { id: number; slug: string }[]; skipped: number }> {
  const known = new Set((await db.selectFrom('platforms').select('slug').execute()).map((row) => row.slug));
  const unknown = games.flatMap((game) => game.input.platforms).find((platform) => !known.has(platform.slug));
  if (unknown) throw new GameAdminError('unknown_platform', `Unknown platform: ${unknown.slug}.`);
  const created: { id: number; slug: string }[] = [];
  let skipped = 0;
  try {
    await runInSteps(
      games,
      async (chunk) => {
        // Counted once the step has committed: a step that fails is rolled back whole.
        const step = await db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtext('game-import'))`.execute(trx);
          const existing = await existingByTitle(
            trx,
            chunk.map((game) => game.input.title),
          );
          const fresh = chunk.filter((game) => !existing.has(titleKey(game.input.title)));
          const made = await insertImportedGames(
            trx,
            fresh.map((game) => game.input),
            adminId,
          );
          return made;
        });
        created.push(...step);
        skipped += chunk.length - step.length;
      },
      WRITE_STEPS,
    );
  } catch (error) {
    if (created.length === 0) throw error;
    throw new GameImportStoppedError(error as Error, created);
  }
  await audit(db, {
    adminId,
    action: 'game.import',
    subjectType: 'game_import',
    subjectId: fileLabel.slice(0, 200),
    after: { created: created.map((game) => game.slug), skipped },
  });
  return { created, skipped };
}
