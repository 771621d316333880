import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { slugify } from '../games/slug.ts';
import type { GameInput } from './games.ts';
import { companyIds, earliest, genreIds } from './games.server.ts';

type Trx = Transaction<Database>;

/** Is `slug` a game's, or an old slug that redirects to one? */
async function slugTaken(trx: Trx, slug: string): Promise<boolean> {
  const row = await trx
    .selectFrom('games')
    .select('id')
    .where('slug', '=', slug)
    .unionAll(trx.selectFrom('game_slug_redirects').select('game_id as id').where('old_slug', '=', slug))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates a run of new games (an import step) set-based, in the caller's transaction: free
 * slugs for all of them checked in one statement (the rare clash settled one by one with a
 * number after it), the games in one insert, their platforms, genres, developers and
 * publishers in one insert each (genres and companies looked up, or made, once per name in
 * the run), and one audit entry per game, as a game made by hand gets.
 */
export async function insertImportedGames(
  trx: Trx,
  inputs: readonly GameInput[],
  adminId: string,
): Promise<{ id: number; slug: string }[]> {
  if (inputs.length === 0) return [];
  const bases = inputs.map((input) => slugify(input.title) || 'untitled');
  const taken = new Set(
    (
      await sql<{ slug: string }>`
        select slug from public.games where slug = any(${sql.val(bases)}::text[])
        union select old_slug from public.game_slug_redirects where old_slug = any(${sql.val(bases)}::text[])`.execute(
        trx,
      )
    ).rows.map((row) => row.slug),
  );
  const slugs: string[] = [];
  for (const base of bases) {
    let slug = base;
    for (let n = 2; taken.has(slug) || (slug !== base && (await slugTaken(trx, slug))); n += 1)
      slug = `${base.slice(0, 110)}-${n}`;
    taken.add(slug);
    slugs.push(slug);
  }
  const games = await sql<{ id: number; slug: string }>`
    insert into public.games (slug, title, summary, release_date, sources)
    select g.slug, g.title, g.summary, g.release_date, array['editorial']
    from unnest(${sql.val(slugs)}::text[], ${sql.val(inputs.map((input) => input.title))}::text[], ${sql.val(inputs.map((input) => input.summary || null))}::text[],
                ${sql.val(inputs.map(earliest))}::date[]) with ordinality as g (slug, title, summary, release_date, ord)
    order by g.ord
    returning id, slug`.execute(trx);
  const idOf = new Map(games.rows.map((row) => [row.slug, row.id]));
  const ids = slugs.map((slug) => idOf.get(slug)!);

  const platformLinks = inputs.flatMap((input, i) =>
    input.platforms.map((platform) => ({ game: ids[i]!, slug: platform.slug, date: platform.releaseDate || null })),
  );
  if (platformLinks.length > 0) {
    await sql`
      insert into public.game_platforms (game_id, platform_id, release_date)
      select l.game_id, p.id, l.release_date
      from unnest(${sql.val(platformLinks.map((link) => link.game))}::int[], ${sql.val(platformLinks.map((link) => link.slug))}::text[], ${sql.val(platformLinks.map((link) => link.date))}::date[]) as l (game_id, slug, release_date)
      join public.platforms p on p.slug = l.slug
      on conflict do nothing`.execute(trx);
  }
  const link = async (
    table: 'game_genres' | 'game_developers' | 'game_publishers',
    column: 'genre_id' | 'company_id',
    namesOf: (input: GameInput) => readonly string[],
    idsOf: (names: readonly string[]) => Promise<number[]>,
  ) => {
    // One name per case-insensitive spelling, the first met, as game-by-game writing would make it.
    const first = new Map<string, string>();
    for (const name of inputs.flatMap(namesOf)) if (!first.has(name.toLowerCase())) first.set(name.toLowerCase(), name);
    const names = [...first.values()];
    if (names.length === 0) return;
    const found = await idsOf(names);
    const byName = new Map(names.map((name, i) => [name.toLowerCase(), found[i]!]));
    const pairs = [
      ...new Map(
        inputs.flatMap((input, i) =>
          namesOf(input).map((name) => [
            `${ids[i]}:${byName.get(name.toLowerCase())}`,
            [ids[i]!, byName.get(name.toLowerCase())!] as const,
          ]),
        ),
      ).values(),
    ];
    await sql`insert into ${sql.table(`public.${table}`)} (game_id, ${sql.ref(column)})
      select * from unnest(${sql.val(pairs.map((pair) => pair[0]))}::int[], ${sql.val(pairs.map((pair) => pair[1]))}::int[])`.execute(
      trx,
    );
  };
  await link(
    'game_genres',
    'genre_id',
    (input) => input.genres,
    (names) => genreIds(trx, names),
  );
  await link(
    'game_developers',
    'company_id',
    (input) => input.developers,
    (names) => companyIds(trx, names),
  );
  await link(
    'game_publishers',
    'company_id',
    (input) => input.publishers,
    (names) => companyIds(trx, names),
  );

  await trx
    .insertInto('app_meta.admin_audit_log')
    .values(
      inputs.map((input, i) => ({
        admin_id: adminId,
        action: 'game.create',
        subject_type: 'game',
        subject_id: String(ids[i]),
        before: null,
        after: JSON.stringify({ ...input, slug: slugs[i] }),
      })),
    )
    .execute();
  return slugs.map((slug, i) => ({ id: ids[i]!, slug }));
}
