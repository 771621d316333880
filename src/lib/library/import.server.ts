import { sql, type Kysely } from 'kysely';
import { recordActivities } from '../activity/activity.server.ts';
import { LOOKUP_STEPS, runInSteps, SEARCH_STEPS, WRITE_STEPS } from '../db/bounded-steps.server.ts';
import type { Database } from '../db/schema.ts';
import type { ImportRow, ParsedImport } from './import.ts';
import { bestMatch, type MatchCandidate, type MatchKind } from './import-match.ts';
import type { ImportRun } from './import-runs.server.ts';
import { restoreLists } from './import-lists.server.ts';
import { CUSTOM_LISTS_PLAN_MESSAGE } from '../lists/lists.ts';
import { platformProblems } from './import-platforms.ts';
import { resolvePlatforms } from './import-platforms.server.ts';
import { gamesBySteamAppId, gamesOnSteam } from './import-steam.server.ts';

type Db = Kysely<Database>;

export interface PreviewRow extends ImportRow {
  kind: MatchKind;
  game: MatchCandidate | null;
  confidence: number;
  /** Matched by its Steam app id, not by its title. */
  byAppId: boolean;
}

/** No run to keep alive (tests, scripts). */
const NO_RUN: ImportRun = { beat: async () => {} };

/** Candidates per key, at most three each, in the order the statement gave them. */
function collect(
  into: Map<string, MatchCandidate[]>,
  rows: readonly { key: string; id: number; title: string; slug: string }[],
) {
  for (const row of rows) {
    const list = into.get(row.key) ?? [];
    if (list.length < 3) list.push({ id: row.id, title: row.title, slug: row.slug });
    into.set(row.key, list);
  }
}

/**
 * Matches every row of a parsed file against the catalogue, in short steps: a row from this
 * site's export by its slug, a Steam row by its app id when the catalogue knows it
 * (import-steam.server.ts); then every distinct title at once by equality (case aside),
 * in runs of many titles per statement over an index; only the titles left over go to the
 * trigram search (the best three candidates by similarity), a few titles per statement.
 * The same rule then picks among the candidates. Nothing is written.
 */
export async function previewImport(
  db: Db,
  parsed: ParsedImport,
  run: ImportRun = NO_RUN,
): Promise<{ rows: PreviewRow[]; problems: string[] }> {
  const bySlug = new Map<string, MatchCandidate[]>();
  const slugs = [...new Set(parsed.rows.flatMap((row) => (row.slug ? [row.slug] : [])))];
  await runInSteps(
    slugs,
    async (chunk) => {
      await run.beat();
      const found = await db
        .selectFrom('games')
        .select(['id', 'title', 'slug', 'slug as key'])
        .where('slug', 'in', chunk)
        .execute();
      collect(bySlug, found);
    },
    LOOKUP_STEPS,
  );

  const appIds = [...new Set(parsed.rows.flatMap((row) => (row.externalId ? [row.externalId] : [])))];
  const byAppId = await gamesBySteamAppId(db, appIds, run);

  const titleOf = (row: ImportRow) => row.title.toLowerCase();
  const open = parsed.rows.filter(
    (row) => !(row.slug && bySlug.has(row.slug)) && !(row.externalId && byAppId.has(row.externalId)),
  );
  const exact = new Map<string, MatchCandidate[]>();
  await runInSteps(
    [...new Set(open.map(titleOf))],
    async (chunk) => {
      await run.beat();
      const found = await sql<{ key: string; id: number; title: string; slug: string }>`
      select lower(g.title) as key, g.id, g.title, g.slug from public.games g
      where lower(g.title) = any(${sql.val(chunk)}::text[]) order by g.id`.execute(db);
      collect(exact, found.rows);
    },
    LOOKUP_STEPS,
  );

  const fuzzy = new Map<string, MatchCandidate[]>();
  await runInSteps(
    [...new Set(open.map(titleOf).filter((title) => !exact.has(title)))],
    async (chunk) => {
      await run.beat();
      const found = await sql<{ key: string; id: number; title: string; slug: string }>`
      select key, id, title, slug from public.import_title_candidates(${sql.val(chunk)}::text[])`.execute(db);
      collect(fuzzy, found.rows);
    },
    SEARCH_STEPS,
  );

  // A Steam row the catalogue does not know the app id of is not offered a game bound to other app ids.
  const candidatesOf = (row: ImportRow) => exact.get(titleOf(row)) ?? fuzzy.get(titleOf(row)) ?? [];
  const withAppId = open.filter((row) => row.externalId !== null);
  const onSteam = await gamesOnSteam(
    db,
    withAppId.flatMap(candidatesOf).map((game) => game.id),
    run,
  );

  const rows = parsed.rows.map((row): PreviewRow => {
    const bySlugMatch = row.slug ? bySlug.get(row.slug)?.[0] : undefined;
    if (bySlugMatch) return { ...row, kind: 'matched', game: bySlugMatch, confidence: 1, byAppId: false };
    const byAppIdMatch = row.externalId ? byAppId.get(row.externalId) : undefined;
    if (byAppIdMatch) return { ...row, kind: 'matched', game: byAppIdMatch, confidence: 1, byAppId: true };
    const candidates = candidatesOf(row).filter((game) => row.externalId === null || !onSteam.has(game.id));
    return { ...row, ...bestMatch(row.title, candidates), byAppId: false };
  });
  const platforms = await resolvePlatforms(db, parsed.rows);
  return { rows, problems: [...parsed.problems, ...platformProblems(parsed.rows, platforms)] };
}

/** A linked row as it is written: the game it is linked to and its platform's id. */
export interface LinkedRow {
  row: ImportRow;
  gameId: number;
  platformId: number | null;
}

/**
 * The rows the user linked to a game, once per game (the first row linked to a game wins),
 * with their platform resolved; the rest are counted as skipped.
 */
export async function linkedRows(
  db: Db,
  rows: readonly ImportRow[],
  links: ReadonlyMap<number, number>,
): Promise<{ linked: LinkedRow[]; skipped: number }> {
  const platforms = await resolvePlatforms(db, rows);
  const seen = new Set<number>();
  const linked: LinkedRow[] = [];
  for (const row of rows) {
    const gameId = links.get(row.line);
    if (!gameId || seen.has(gameId)) continue;
    seen.add(gameId);
    linked.push({ row, gameId, platformId: row.platform ? (platforms.get(row.platform) ?? null) : null });
  }
  return { linked, skipped: rows.length - linked.length };
}

/**
 * Writes the linked rows in short steps, each one transaction of three statements: the
 * rows merged into the player's own in one statement, the new statuses recorded as
 * activity in one, their XP in one. Only empty fields are filled (a flag only ever turns
 * on): a status, platform, date, hours or note the user already has is never overwritten,
 * so importing the same file twice changes nothing, and an import stopped half way is
 * finished by importing the file again. Returns how many games gained something.
 */
export async function writeStatuses(
  db: Db,
  userId: string,
  linked: readonly LinkedRow[],
  run: ImportRun = NO_RUN,
): Promise<number> {
  let changed = 0;
  await runInSteps(
    linked,
    async (chunk) => {
      await run.beat();
      changed += await db.transaction().execute(async (trx) => {
        const written = await sql<{ game_id: number; status: string | null; old_status: string | null }>`
        with input as (
          select i.* from unnest(
              ${chunk.map((item) => item.gameId)}::int[], ${chunk.map((item) => item.row.status)}::text[],
              ${chunk.map((item) => item.row.wishlist)}::boolean[], ${chunk.map((item) => item.row.favourite)}::boolean[],
              ${chunk.map((item) => item.platformId)}::int[], ${chunk.map((item) => item.row.hoursPlayed)}::numeric[],
              ${chunk.map((item) => item.row.startedOn)}::date[], ${chunk.map((item) => item.row.finishedOn)}::date[],
              ${chunk.map((item) => item.row.note)}::text[])
            as i (game_id, status, wishlist, favourite, platform_id, hours_played, started_on, finished_on, note)
          where exists (select 1 from public.games g where g.id = i.game_id)
        ),
        old as (
          select u.* from public.user_games u where u.user_id = ${userId} and u.game_id in (select game_id from input) for update
        ),
        filled as (
          select i.game_id, o.game_id is not null as existed, o.status as old_status,
                 coalesce(o.status, i.status) as status,
                 coalesce(o.wishlist, false) or i.wishlist as wishlist,
                 coalesce(o.favourite, false) or i.favourite as favourite,
                 coalesce(o.platform_id, i.platform_id) as platform_id,
                 coalesce(o.hours_played, round(i.hours_played, 1)) as hours_played,
                 coalesce(o.started_on, i.started_on) as started_on,
                 coalesce(o.finished_on, i.finished_on) as finished_on,
                 coalesce(o.note, i.note) as note,
                 o.started_on as old_started_on, o.finished_on as old_finished_on,
                 row(o.status, o.wishlist, o.favourite, o.platform_id, o.hours_played, o.started_on, o.finished_on, o.note) as old_row
          from input i left join old o on o.game_id = i.game_id
        ),
        -- Dates from the file that would contradict the user's own are left out.
        next as (
          select f.game_id, f.existed, f.old_status, f.status, f.wishlist, f.favourite, f.platform_id, f.hours_played, f.note, f.old_row,
                 case when f.finished_on < f.started_on then f.old_started_on else f.started_on end as started_on,
                 case when f.finished_on < f.started_on then f.old_finished_on else f.finished_on end as finished_on
          from filled f
        ),
        changed as (
          select * from next n
          where case when n.existed
                  then n.old_row is distinct from row(n.status, n.wishlist, n.favourite, n.platform_id, n.hours_played, n.started_on, n.finished_on, n.note)
                  else n.status is not null or n.wishlist or n.favourite or n.platform_id is not null or n.hours_played is not null
                       or n.started_on is not null or n.finished_on is not null or n.note is not null end
        ),
        written as (
          insert into public.user_games as u (user_id, game_id, status, wishlist, favourite, platform_id, hours_played, started_on, finished_on, note)
          select ${userId}, c.game_id, c.status, c.wishlist, c.favourite, c.platform_id, c.hours_played, c.started_on, c.finished_on, c.note from changed c
          on conflict (user_id, game_id) do update set
            status = excluded.status, wishlist = excluded.wishlist, favourite = excluded.favourite, platform_id = excluded.platform_id,
            hours_played = excluded.hours_played, started_on = excluded.started_on, finished_on = excluded.finished_on, note = excluded.note
          returning u.game_id
        )
        select c.game_id, c.status, c.old_status from changed c join written w on w.game_id = c.game_id order by c.game_id`.execute(
          trx,
        );
        // Imported statuses feed XP like any other, but stay off public feeds: hundreds at once would drown them.
        await recordActivities(
          trx,
          written.rows
            .filter((row) => row.status !== null && row.status !== row.old_status)
            .map((row) => ({
              actorId: userId,
              kind: 'game_status_set' as const,
              subjectType: 'game' as const,
              subjectId: row.game_id,
              gameId: row.game_id,
              data: { status: row.status, previous: row.old_status },
              isPublic: false,
            })),
        );
        return written.rows.length;
      });
    },
    WRITE_STEPS,
  );
  return changed;
}

export interface ImportOutcome {
  changed: number;
  skipped: number;
  lists: { created: number; merged: number; entries: number };
  /** Lists written to (their pages are purged). */
  listIds: number[];
  problems: string[];
}

/**
 * Writes what the user linked: statuses first, then an export's lists (only for a plan
 * with custom lists; otherwise they are left out and said so). See writeStatuses and
 * restoreLists for what "fill only what is empty" means for each.
 */
export async function applyImport(
  db: Db,
  userId: string,
  parsed: ParsedImport,
  links: ReadonlyMap<number, number>,
  options: { canKeepLists?: boolean; run?: ImportRun } = {},
): Promise<ImportOutcome> {
  const run = options.run ?? NO_RUN;
  const { linked, skipped } = await linkedRows(db, parsed.rows, links);
  const changed = await writeStatuses(db, userId, linked, run);
  const outcome: ImportOutcome = {
    changed,
    skipped,
    lists: { created: 0, merged: 0, entries: 0 },
    listIds: [],
    problems: [],
  };
  if (parsed.lists.length === 0) return outcome;
  if (!options.canKeepLists) {
    outcome.problems.push(
      `${parsed.lists.length} ${parsed.lists.length === 1 ? 'list was' : 'lists were'} left out: ${CUSTOM_LISTS_PLAN_MESSAGE}`,
    );
    return outcome;
  }
  const lists = await restoreLists(db, userId, parsed.lists, (line) => links.get(line), run);
  outcome.lists = { created: lists.created, merged: lists.merged, entries: lists.entries };
  outcome.listIds = lists.listIds;
  outcome.problems.push(...lists.problems);
  return outcome;
}
