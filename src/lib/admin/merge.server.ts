import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { audit } from './admin.server.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** Where /games/{slug} leads when the slug belonged to a merged game; null otherwise. */
export async function gameSlugRedirect(db: Db, slug: string): Promise<string | null> {
  const row = await db
    .selectFrom('game_slug_redirects as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select('g.slug')
    .where('r.old_slug', '=', slug)
    .executeTakeFirst();
  return row?.slug ?? null;
}

/**
 * Tables whose rows about a game are derived from other rows (kept sums): they are not
 * moved, the triggers of their sources bring the survivor's up to date as rows move.
 */
const DERIVED_TABLES = new Set(['public.game_critic_stats']);

interface GameReference {
  table: string;
  column: string;
}

/**
 * Every column that references games(id), read from the catalogue, so the features that
 * add such a table later (list entries, user reviews...) are merged without a change here.
 */
export async function gameReferences(db: Db): Promise<GameReference[]> {
  const result = await sql<{ table: string; column: string }>`
    select format('%I.%I', n.nspname, c.relname) as "table", a.attname as "column"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    where k.contype = 'f' and k.confrelid = 'public.games'::regclass and cardinality(k.conkey) = 1
    order by 1, 2`.execute(db);
  return result.rows.filter((row) => !DERIVED_TABLES.has(row.table));
}

export class MergeError extends Error {}

export interface MergeOutcome {
  survivor: { id: number; slug: string };
  removed: { id: number; slug: string; title: string };
  /** Per table.column: rows moved to the survivor, and rows dropped because the survivor already had the same one. */
  moved: Record<string, { moved: number; dropped: number }>;
}

async function moveRows(
  trx: Trx,
  ref: GameReference,
  from: number,
  to: number,
): Promise<{ moved: number; dropped: number }> {
  const table = sql.raw(ref.table);
  const column = sql.ref(ref.column);
  // Most tables move in one statement; when the survivor already has an equal row (the
  // same user's status, the same platform), move row by row and drop the clashing ones.
  await sql`savepoint merge_table`.execute(trx);
  try {
    const all = await sql`update ${table} set ${column} = ${to} where ${column} = ${from}`.execute(trx);
    await sql`release savepoint merge_table`.execute(trx);
    return { moved: Number(all.numAffectedRows ?? 0), dropped: 0 };
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await sql`rollback to savepoint merge_table`.execute(trx);
  }
  const rows = await sql<{ rowid: string }>`select ctid::text as rowid from ${table} where ${column} = ${from}`.execute(
    trx,
  );
  let moved = 0;
  let dropped = 0;
  for (const { rowid } of rows.rows) {
    await sql`savepoint merge_row`.execute(trx);
    try {
      await sql`update ${table} set ${column} = ${to} where ctid = ${rowid}::tid`.execute(trx);
      await sql`release savepoint merge_row`.execute(trx);
      moved += 1;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await sql`rollback to savepoint merge_row`.execute(trx);
      await sql`delete from ${table} where ctid = ${rowid}::tid`.execute(trx);
      dropped += 1;
    }
  }
  return { moved, dropped };
}

/**
 * Merges the duplicate game into the survivor in one transaction: everything that refers
 * to the duplicate (statuses, list entries, critic and user reviews, requests, activity,
 * older redirects) moves to the survivor, the duplicate is deleted, and its slug answers
 * 301 to the survivor forever. Written to the audit log.
 */
export async function mergeGames(
  db: Kysely<Database>,
  input: { survivorId: number; duplicateId: number; adminId: string },
): Promise<MergeOutcome> {
  if (input.survivorId === input.duplicateId) throw new MergeError('Choose two different games to merge.');
  return db.transaction().execute((trx) => mergeGamesIn(trx, input));
}

/**
 * mergeGames in the caller's transaction; `adminId` null when no administrator asked (the
 * IGDB sync, when IGDB merged two records the catalogue has).
 */
export async function mergeGamesIn(
  trx: Trx,
  input: { survivorId: number; duplicateId: number; adminId: string | null },
): Promise<MergeOutcome> {
  if (input.survivorId === input.duplicateId) throw new MergeError('Choose two different games to merge.');
  const games = await trx
    .selectFrom('games')
    .select(['id', 'slug', 'title'])
    .where('id', 'in', [input.survivorId, input.duplicateId])
    .orderBy('id')
    .forUpdate()
    .execute();
  const survivor = games.find((game) => game.id === input.survivorId);
  const duplicate = games.find((game) => game.id === input.duplicateId);
  if (!survivor || !duplicate) throw new MergeError('One of the two games no longer exists.');

  const moved: MergeOutcome['moved'] = {};
  for (const ref of await gameReferences(trx)) {
    const outcome = await moveRows(trx, ref, duplicate.id, survivor.id);
    if (outcome.moved || outcome.dropped) moved[`${ref.table}.${ref.column}`] = outcome;
  }
  await trx.deleteFrom('games').where('id', '=', duplicate.id).execute();
  await trx
    .insertInto('game_slug_redirects')
    .values({ old_slug: duplicate.slug, game_id: survivor.id })
    .onConflict((oc) => oc.column('old_slug').doUpdateSet({ game_id: survivor.id }))
    .execute();
  await audit(trx, {
    adminId: input.adminId,
    action: 'game.merge',
    subjectType: 'game',
    subjectId: survivor.id,
    before: { survivor, duplicate },
    after: { survivor, moved },
  });
  return { survivor: { id: survivor.id, slug: survivor.slug }, removed: duplicate, moved };
}
