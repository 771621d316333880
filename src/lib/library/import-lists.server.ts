import { sql, type Kysely } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import { runInSteps, WRITE_STEPS } from '../db/bounded-steps.server.ts';
import type { Database } from '../db/schema.ts';
import { ENTRIES_PER_LIST_MAX, LISTS_PER_USER_MAX } from '../lists/lists.ts';
import type { ImportList } from './import.ts';
import type { ImportRun } from './import-runs.server.ts';

type Db = Kysely<Database>;

export interface ListsOutcome {
  created: number;
  /** Lists the user already had (same slug) that gained the games they lacked. */
  merged: number;
  entries: number;
  /** The lists written to, for purging their pages. */
  listIds: number[];
  problems: string[];
}

/**
 * Restores an export's lists. A list the user has with the same slug keeps its title,
 * description and visibility and gains, at its end, the games it lacks, in the file's
 * order; any other list is created as the file describes it. Entries are written a run at
 * a time, each run one statement that locks the list row, so positions stay 1..n even
 * beside an edit in another tab; a list never passes the entries limit, and no one passes
 * the lists limit. Imported lists stay off public feeds, as imported statuses do.
 */
export async function restoreLists(
  db: Db,
  userId: string,
  lists: readonly ImportList[],
  gameIdOf: (line: number) => number | undefined,
  run: ImportRun,
): Promise<ListsOutcome> {
  const outcome: ListsOutcome = { created: 0, merged: 0, entries: 0, listIds: [], problems: [] };
  for (const list of lists) {
    await run.beat();
    const target = await db.transaction().execute(async (trx) => {
      // Serialise one user's list creations (as creating a list by hand does) so the limit holds.
      await sql`select pg_advisory_xact_lock(hashtext(${`user_lists:${userId}`}))`.execute(trx);
      const existing = await trx
        .selectFrom('user_lists')
        .select('id')
        .where('user_id', '=', userId)
        .where('slug', '=', list.slug)
        .executeTakeFirst();
      if (existing) return { id: existing.id, created: false };
      const { count } = await trx
        .selectFrom('user_lists')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= LISTS_PER_USER_MAX) return null;
      const row = await trx
        .insertInto('user_lists')
        .values({
          user_id: userId,
          title: list.title,
          slug: list.slug,
          description: list.description,
          visibility: list.visibility,
          ranked: list.ranked,
        })
        .returning(['id', 'title', 'slug'])
        .executeTakeFirstOrThrow();
      await recordActivity(trx, {
        actorId: userId,
        kind: 'list_created',
        subjectType: 'list',
        subjectId: row.id,
        data: { title: row.title, slug: row.slug },
        isPublic: false,
      });
      return { id: row.id, created: true };
    });
    if (!target) {
      outcome.problems.push(
        `The list "${list.title}" was not created: you can keep at most ${LISTS_PER_USER_MAX} custom lists.`,
      );
      continue;
    }
    outcome[target.created ? 'created' : 'merged'] += 1;
    outcome.listIds.push(target.id);

    const seen = new Set<number>();
    const entries = list.entries.flatMap((entry) => {
      const gameId = gameIdOf(entry.line);
      if (!gameId || seen.has(gameId)) return [];
      seen.add(gameId);
      return [{ gameId, note: entry.note }];
    });
    let added = 0;
    let last: number | null = null;
    let full = false;
    await runInSteps(
      entries,
      async (chunk) => {
        await run.beat();
        const inserted = await sql<{ game_id: number }>`
        with target as (select l.id, l.entries_count from public.user_lists l where l.id = ${target.id} for update),
        fresh as (
          select e.game_id, e.note, e.ord from unnest(${chunk.map((entry) => entry.gameId)}::int[], ${chunk.map((entry) => entry.note)}::text[]) with ordinality as e (game_id, note, ord)
          where exists (select 1 from public.games g where g.id = e.game_id)
            and not exists (select 1 from public.user_list_entries x where x.list_id = ${target.id} and x.game_id = e.game_id)
          order by e.ord
          limit greatest(0, ${ENTRIES_PER_LIST_MAX} - (select entries_count from target))
        )
        insert into public.user_list_entries (list_id, game_id, position, note)
        select t.id, f.game_id, t.entries_count + row_number() over (order by f.ord), f.note from fresh f cross join target t
        returning game_id`.execute(db);
        added += inserted.rows.length;
        if (inserted.rows.length > 0) last = inserted.rows[inserted.rows.length - 1]!.game_id;
        if (inserted.rows.length < chunk.length)
          full ||=
            (
              await db
                .selectFrom('user_lists')
                .select('entries_count')
                .where('id', '=', target.id)
                .executeTakeFirstOrThrow()
            ).entries_count >= ENTRIES_PER_LIST_MAX;
      },
      WRITE_STEPS,
    );
    if (full)
      outcome.problems.push(
        `The list "${list.title}" is full (${ENTRIES_PER_LIST_MAX} games): the games after that were left out.`,
      );
    outcome.entries += added;
    if (last !== null) {
      const count = (
        await db.selectFrom('user_lists').select('entries_count').where('id', '=', target.id).executeTakeFirstOrThrow()
      ).entries_count;
      const lastGame: number = last;
      // The list's entry count earns XP as adding the games one by one would have (the last one's event carries it).
      await db.transaction().execute((trx) =>
        recordActivity(trx, {
          actorId: userId,
          kind: 'list_entry_added',
          subjectType: 'list',
          subjectId: target.id,
          gameId: lastGame,
          data: { count },
          isPublic: false,
          dedupeKey: `list:${target.id}:game:${lastGame}`,
        }),
      );
    }
  }
  return outcome;
}
