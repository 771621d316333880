import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MAX_CANDIDATES, REVIEW_PAGE_SIZE, type PendingReviews, type ReviewView } from './admin.ts';
import type { MappedGame } from './mapping.ts';

/** The review's stored game as the sync mapped it (it wrote the payload itself). */
export function storedGame(payload: unknown, igdbId: number): MappedGame | null {
  const game = payload as Partial<MappedGame> | null;
  if (!game || typeof game !== 'object' || game.igdbId !== igdbId || typeof game.title !== 'string') return null;
  return game as MappedGame;
}

/** The pending reviews, oldest first, each with its catalogue candidates; three statements. */
export async function pendingReviews(db: Kysely<Database>, limit = REVIEW_PAGE_SIZE): Promise<PendingReviews> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('igdb_match_reviews')
      .select(['id', 'igdb_id', 'igdb_title', 'candidate_game_id', 'reason', 'payload', 'created_at'])
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('igdb_match_reviews')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  const titles = [...new Set(rows.map((row) => row.igdb_title.toLowerCase()))];
  const ids = rows.flatMap((row) => (row.candidate_game_id === null ? [] : [row.candidate_game_id]));
  // The queued candidates, and the first few games of each title (a common title has many).
  const games =
    rows.length === 0
      ? []
      : await db
          .selectFrom((eb) =>
            eb
              .selectFrom('games')
              .select([
                'id',
                'slug',
                'title',
                'release_date',
                sql<number>`row_number() over (partition by lower(title) order by id)`.as('nth'),
              ])
              .where((w) =>
                w.or([
                  w('id', 'in', ids.length ? ids : [0]),
                  w(sql<string>`lower(title)`, 'in', titles.length ? titles : ['']),
                ]),
              )
              .as('g'),
          )
          .leftJoin('game_external_ids as own', (join) =>
            join.onRef('own.game_id', '=', 'g.id').on('own.source', '=', 'igdb'),
          )
          .select([
            'g.id',
            'g.slug',
            'g.title',
            sql<number | null>`extract(year from g.release_date)::int`.as('year'),
            'own.external_id as igdb_id',
            sql<string[]>`array(select p.name from game_platforms gp join platforms p on p.id = gp.platform_id
              where gp.game_id = g.id order by p.name)`.as('platforms'),
          ])
          .where((eb) => eb.or([eb('g.id', 'in', ids.length ? ids : [0]), eb('g.nth', '<=', MAX_CANDIDATES)]))
          .orderBy('g.id')
          .execute();
  const payloadPlatforms = [
    ...new Set(rows.flatMap((row) => storedGame(row.payload, row.igdb_id)?.platforms.map((p) => p.slug) ?? [])),
  ];
  const platformNames = new Map(
    payloadPlatforms.length
      ? (await db.selectFrom('platforms').select(['slug', 'name']).where('slug', 'in', payloadPlatforms).execute()).map(
          (p) => [p.slug, p.name],
        )
      : [],
  );
  const items = rows.map((row): ReviewView => {
    const game = storedGame(row.payload, row.igdb_id);
    const key = row.igdb_title.toLowerCase();
    const candidates = games
      .filter((g) => g.id === row.candidate_game_id || g.title.toLowerCase() === key)
      .sort((a, b) => Number(b.id === row.candidate_game_id) - Number(a.id === row.candidate_game_id))
      .slice(0, MAX_CANDIDATES)
      .map((g) => ({
        id: g.id,
        slug: g.slug,
        title: g.title,
        year: g.year,
        platforms: g.platforms,
        igdbId: g.igdb_id,
        queued: g.id === row.candidate_game_id,
      }));
    return {
      id: row.id,
      reason: row.reason,
      queuedAt: row.created_at,
      igdb: {
        id: row.igdb_id,
        title: row.igdb_title,
        year: game?.releaseYear ?? null,
        platforms: (game?.platforms ?? []).map((p) => platformNames.get(p.slug) ?? p.slug),
        gameType: game?.gameType ?? null,
        externalIds: game?.externalIds ?? [],
      },
      candidates,
    };
  });
  return { items, total: Number(count.n) };
}
