import { sql, type Transaction } from 'kysely';
import type { Database, GameSource } from '../db/schema.ts';
import type { MappedGame } from './mapping.ts';
import { decideMatch, looseTitle, titleWord, type Candidate } from './match.ts';
import { TRACKED_FIELDS, type TrackedField } from './provenance.ts';
import { markSynced, writeRelations } from './sync-relations.server.ts';

type Trx = Transaction<Database>;

export interface PageOutcome {
  created: number;
  updated: number;
  queued: number;
  /** Incremental runs: games left alone, unchanged on IGDB since last written. */
  unchanged: number;
}

export interface Target {
  game: MappedGame;
  gameId: number;
  action: 'created' | 'updated' | 'matched';
  /** The fields this sync may write (empty ones, or IGDB's own). */
  writable: Set<TrackedField>;
}

/** The games the page's external ids and titles point at, each read in one statement. */
async function lookups(trx: Trx, games: readonly MappedGame[]) {
  const keys = games.flatMap((g) => [{ source: 'igdb', externalId: String(g.igdbId) }, ...g.externalIds]);
  const external = await trx
    .selectFrom('game_external_ids as e')
    .leftJoin('game_external_ids as own', (join) =>
      join.onRef('own.game_id', '=', 'e.game_id').on('own.source', '=', 'igdb'),
    )
    .select(['e.game_id', 'e.source', 'e.external_id', 'e.source_updated_at', 'own.external_id as igdb_id'])
    // The (source, id) pairs as rows, so each is one probe of the primary key, whatever the table's size.
    .where(
      sql<boolean>`(e.source, e.external_id) in (select * from unnest(${keys.map((k) => k.source)}::text[], ${keys.map((k) => k.externalId)}::text[]))`,
    )
    .execute();
  const byExternal = new Map(
    external.map((r) => [
      `${r.source}:${r.external_id}`,
      { gameId: r.game_id, igdbId: r.igdb_id, sourceUpdatedAt: r.source_updated_at },
    ]),
  );
  const titles = [...new Set(games.map((g) => g.title.toLowerCase()))];
  // Titles written differently ("Diablo II", "diablo 2") share their longest word: the
  // candidates are read by it (the index of title words of games not from IGDB alone) and
  // compared by normalised title.
  const words = [...new Set(games.flatMap((g) => titleWord(g.title) ?? []))];
  const candidates = await trx
    .selectFrom('games as g')
    .leftJoin('game_external_ids as own', (join) =>
      join.onRef('own.game_id', '=', 'g.id').on('own.source', '=', 'igdb'),
    )
    .select([
      'g.id',
      'g.title',
      sql<string | null>`to_char(g.release_date, 'YYYY-MM-DD')`.as('release_date'),
      'own.external_id as igdb_id',
    ])
    .where((eb) =>
      eb.or([
        // An array the planner cannot see into, so the titles are found through the b-tree of
        // lower(title): given the array itself, it may choose the trigram index, far slower here.
        sql<boolean>`lower(g.title) = any(array(select unnest(${titles}::text[])))`,
        sql<boolean>`public.title_words(g.title) && ${words}::text[] and not (g.sources <@ array['igdb'::text])`,
      ]),
    )
    .execute();
  const byTitle = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = looseTitle(c.title);
    byTitle.set(key, [
      ...(byTitle.get(key) ?? []),
      { id: c.id, title: c.title, releaseDate: c.release_date, igdbId: c.igdb_id },
    ]);
  }
  return { byExternal, byTitle };
}

/** Slugs for new games: the title's, else with the year, else with the IGDB id; one statement. */
export async function freeSlugs(trx: Trx, games: readonly MappedGame[]): Promise<Map<number, string>> {
  const options = (g: MappedGame) =>
    [g.slug, g.releaseYear ? `${g.slug}-${g.releaseYear}` : null, `${g.slug}-${g.igdbId}`].filter(
      (s): s is string => !!s && s.length <= 120,
    );
  const all = games.flatMap(options);
  const taken = new Set(
    (
      await trx
        .selectFrom('games')
        .select('slug')
        .where('slug', 'in', all.length ? all : [''])
        .union(
          trx
            .selectFrom('game_slug_redirects')
            .select('old_slug as slug')
            .where('old_slug', 'in', all.length ? all : ['']),
        )
        .execute()
    ).map((r) => r.slug),
  );
  const chosen = new Map<number, string>();
  for (const g of games) {
    const slug = options(g).find((s) => !taken.has(s)) ?? `igdb-${g.igdbId}`;
    taken.add(slug);
    chosen.set(g.igdbId, slug);
  }
  return chosen;
}

/**
 * Writes one page of mapped games in the caller's transaction; returns what it did. With
 * `skipUnchanged` (incremental runs), a game bound to its IGDB record is left alone when the
 * record's updated_at is the one last written: running the same changes twice writes nothing.
 */
export async function writePage(
  trx: Trx,
  runId: number,
  page: readonly MappedGame[],
  options: { skipUnchanged?: boolean } = {},
): Promise<PageOutcome> {
  const outcome: PageOutcome = { created: 0, updated: 0, queued: 0, unchanged: 0 };
  if (page.length === 0) return outcome;
  const { byExternal, byTitle } = await lookups(trx, page);
  const games = page.filter((game) => {
    const seen = byExternal.get(`igdb:${game.igdbId}`)?.sourceUpdatedAt;
    return !(options.skipUnchanged && seen && game.updatedAt !== null && seen.getTime() >= game.updatedAt * 1000);
  });
  outcome.unchanged = page.length - games.length;
  const fresh: MappedGame[] = [];
  const matched: { game: MappedGame; gameId: number; action: 'updated' | 'matched' }[] = [];
  const queue: { game: MappedGame; gameId: number | null; reason: string }[] = [];
  const claimed = new Set<number>();
  for (const game of games) {
    const decision = decideMatch(game, byExternal, byTitle.get(looseTitle(game.title)) ?? []);
    if (decision.kind === 'new') fresh.push(game);
    else if (decision.kind === 'uncertain') queue.push({ game, gameId: decision.gameId, reason: decision.reason });
    else if (claimed.has(decision.gameId))
      queue.push({
        game,
        gameId: decision.gameId,
        reason: 'another IGDB game on this page matched the same catalogue game',
      });
    else {
      claimed.add(decision.gameId);
      matched.push({
        game,
        gameId: decision.gameId,
        action: decision.kind === 'bound' && decision.by === 'igdb' ? 'updated' : 'matched',
      });
    }
  }

  const targets: Target[] = [];
  if (fresh.length > 0) {
    const slugs = await freeSlugs(trx, fresh);
    const rows = await trx
      .insertInto('games')
      .values(
        fresh.map((g) => ({
          slug: slugs.get(g.igdbId) ?? `igdb-${g.igdbId}`,
          title: g.title,
          summary: g.summary,
          release_date: g.releaseDate,
          cover_image_url: g.coverUrl,
          sources: ['igdb' as const],
        })),
      )
      .returning('id')
      .execute();
    fresh.forEach((game, i) => {
      const id = rows[i]?.id;
      if (id !== undefined) targets.push({ game, gameId: id, action: 'created', writable: new Set(TRACKED_FIELDS) });
    });
  }
  targets.push(...(await writableFields(trx, matched)));
  await updateMatched(
    trx,
    targets.filter((t) => t.action !== 'created'),
  );
  await writeRelations(trx, targets);
  await markSynced(trx, targets);

  if (queue.length > 0) {
    await trx
      .insertInto('igdb_match_reviews')
      .values(
        queue.map((q) => ({
          igdb_id: q.game.igdbId,
          igdb_title: q.game.title,
          candidate_game_id: q.gameId,
          reason: q.reason.slice(0, 300),
          payload: JSON.stringify(q.game),
        })),
      )
      .onConflict((oc) =>
        oc
          .column('igdb_id')
          .doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            reason: eb.ref('excluded.reason'),
            candidate_game_id: eb.ref('excluded.candidate_game_id'),
          }))
          .where('igdb_match_reviews.status', '=', 'pending'),
      )
      .execute();
  }
  const changes = [
    ...targets.map((t) => ({
      run_id: runId,
      game_id: t.gameId,
      igdb_id: t.game.igdbId,
      action: t.action,
      fields: [...t.writable],
    })),
    ...queue.map((q) => ({
      run_id: runId,
      game_id: q.gameId,
      igdb_id: q.game.igdbId,
      action: 'queued' as const,
      fields: [],
    })),
  ];
  if (changes.length > 0) await trx.insertInto('igdb_changes').values(changes).execute();
  outcome.created = targets.filter((t) => t.action === 'created').length;
  outcome.updated = targets.length - outcome.created;
  outcome.queued = queue.length;
  return outcome;
}

/** Per matched game, the fields a sync may write: those IGDB set before, and those still empty. */
export async function writableFields(
  trx: Trx,
  matched: readonly { game: MappedGame; gameId: number; action: 'updated' | 'matched' }[],
): Promise<Target[]> {
  if (matched.length === 0) return [];
  const ids = matched.map((m) => m.gameId);
  const rows = await trx
    .selectFrom('games as g')
    .select((eb) => [
      'g.id',
      'g.summary',
      'g.release_date',
      'g.cover_image_url',
      eb.exists(eb.selectFrom('game_platforms').whereRef('game_id', '=', 'g.id')).as('has_platforms'),
      eb.exists(eb.selectFrom('game_genres').whereRef('game_id', '=', 'g.id')).as('has_genres'),
      eb.exists(eb.selectFrom('game_developers').whereRef('game_id', '=', 'g.id')).as('has_developers'),
      eb.exists(eb.selectFrom('game_publishers').whereRef('game_id', '=', 'g.id')).as('has_publishers'),
    ])
    .where('g.id', 'in', ids)
    .execute();
  const sources = await trx
    .selectFrom('game_field_sources')
    .select(['game_id', 'field', 'source'])
    .where('game_id', 'in', ids)
    .execute();
  return matched.flatMap((m) => {
    const row = rows.find((r) => r.id === m.gameId);
    if (!row) return [];
    const empty: Record<TrackedField, boolean> = {
      title: false,
      summary: !row.summary,
      release_date: !row.release_date,
      cover_image_url: !row.cover_image_url,
      platforms: !row.has_platforms,
      genres: !row.has_genres,
      developers: !row.has_developers,
      publishers: !row.has_publishers,
    };
    const writable = new Set(
      TRACKED_FIELDS.filter((field) => {
        const source = sources.find((s) => s.game_id === m.gameId && s.field === field)?.source;
        return source === 'igdb' || (source === undefined && empty[field]);
      }),
    );
    return [{ game: m.game, gameId: m.gameId, action: m.action, writable }];
  });
}

export async function updateMatched(trx: Trx, targets: readonly Target[]): Promise<void> {
  for (const t of targets) {
    const set: {
      title?: string;
      summary?: string | null;
      release_date?: string | null;
      cover_image_url?: string | null;
    } = {};
    if (t.writable.has('title')) set.title = t.game.title;
    if (t.writable.has('summary') && t.game.summary) set.summary = t.game.summary;
    if (t.writable.has('release_date') && t.game.releaseDate) set.release_date = t.game.releaseDate;
    if (t.writable.has('cover_image_url') && t.game.coverUrl) set.cover_image_url = t.game.coverUrl;
    const sources = sql<
      GameSource[]
    >`(select array(select distinct s from unnest(sources || array['igdb']) s order by s))`;
    await trx
      .updateTable('games')
      .set({ ...set, sources, updated_at: new Date() })
      .where('id', '=', t.gameId)
      .execute();
  }
}
