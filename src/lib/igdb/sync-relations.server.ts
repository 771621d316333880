import { sql, type Transaction } from 'kysely';
import { companyIds } from '../admin/games.server.ts';
import type { Database } from '../db/schema.ts';
import { slugify } from '../games/slug.ts';
import type { TrackedField } from './provenance.ts';
import type { ExternalSource } from './vocabulary.ts';
import type { Target } from './sync-write.server.ts';

type Trx = Transaction<Database>;

/**
 * Company ids by name (case aside), the missing ones made: one insert and one select for the
 * page; only a name whose slug another company already has goes the admin editor's way (a
 * free slug found one name at a time).
 */
async function companiesByName(trx: Trx, names: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (names.length === 0) return found;
  await trx
    .insertInto('companies')
    .values(names.map((name) => ({ name, slug: slugify(name) || 'company' })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const lower = names.map((name) => name.toLowerCase());
  const rows = await trx
    .selectFrom('companies')
    .select(['id', sql<string>`lower(name)`.as('key')])
    .where(sql<boolean>`lower(name) = any(${lower})`)
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  const missing = names.filter((name) => !byKey.has(name.toLowerCase()));
  const made = await companyIds(trx, missing);
  missing.forEach((name, i) => byKey.set(name.toLowerCase(), made[i] ?? 0));
  for (const name of names) found.set(name, byKey.get(name.toLowerCase()) ?? 0);
  return found;
}

/**
 * The rows around a page's games, set-based: platforms, genres, developers and publishers
 * (replaced only where the sync may write them), external ids (added, their addresses kept up
 * to date) and alternative names (added),
 * and the fields IGDB now holds (game_field_sources; an administrator's stay theirs).
 */
export async function writeRelations(trx: Trx, targets: readonly Target[]): Promise<void> {
  if (targets.length === 0) return;
  const withField = (field: TrackedField) => targets.filter((t) => t.writable.has(field));
  const platformSlugs = [...new Set(targets.flatMap((t) => t.game.platforms.map((p) => p.slug)))];
  const genreSlugs = [...new Set(targets.flatMap((t) => t.game.genres))];
  const platformIds = new Map(
    platformSlugs.length
      ? (await trx.selectFrom('platforms').select(['id', 'slug']).where('slug', 'in', platformSlugs).execute()).map(
          (r) => [r.slug, r.id],
        )
      : [],
  );
  const genreIds = new Map(
    genreSlugs.length
      ? (await trx.selectFrom('genres').select(['id', 'slug']).where('slug', 'in', genreSlugs).execute()).map((r) => [
          r.slug,
          r.id,
        ])
      : [],
  );
  const names = [...new Set(targets.flatMap((t) => [...t.game.developers, ...t.game.publishers].map((c) => c.name)))];
  const companyId = await companiesByName(trx, names);

  // The four link tables share (game_id, …): typed as one of them for the shared column.
  const replace = async (
    table: 'game_platforms' | 'game_genres' | 'game_developers' | 'game_publishers',
    field: TrackedField,
    rows: (t: Target) => Record<string, unknown>[],
  ) => {
    const chosen = withField(field).filter((t) => rows(t).length > 0);
    if (chosen.length === 0) return;
    await trx
      .deleteFrom(table as 'game_genres')
      .where(
        'game_id',
        'in',
        chosen.map((t) => t.gameId),
      )
      .execute();
    await trx
      .insertInto(table)
      .values(chosen.flatMap(rows) as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
  };
  await replace('game_platforms', 'platforms', (t) =>
    t.game.platforms.flatMap((p) =>
      platformIds.has(p.slug)
        ? [{ game_id: t.gameId, platform_id: platformIds.get(p.slug), release_date: p.releaseDate }]
        : [],
    ),
  );
  await replace('game_genres', 'genres', (t) =>
    t.game.genres.flatMap((g) => (genreIds.has(g) ? [{ game_id: t.gameId, genre_id: genreIds.get(g) }] : [])),
  );
  await replace('game_developers', 'developers', (t) =>
    t.game.developers.map((c) => ({ game_id: t.gameId, company_id: companyId.get(c.name) })),
  );
  await replace('game_publishers', 'publishers', (t) =>
    t.game.publishers.map((c) => ({ game_id: t.gameId, company_id: companyId.get(c.name) })),
  );

  // One row per id: the first game on the page that names it keeps it.
  const external = new Map<
    string,
    { game_id: number; source: ExternalSource | 'igdb'; external_id: string; url: string | null }
  >();
  for (const t of targets) {
    for (const e of [
      { source: 'igdb' as const, externalId: String(t.game.igdbId), url: t.game.igdbUrl },
      ...t.game.externalIds,
    ]) {
      const key = `${e.source}:${e.externalId}`;
      // Games stored for review before addresses were kept have none.
      if (!external.has(key))
        external.set(key, { game_id: t.gameId, source: e.source, external_id: e.externalId, url: e.url ?? null });
    }
  }
  const rows = [...external.values()];
  await trx
    .insertInto('game_external_ids')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  // A known id of the same game takes IGDB's address as it is now; an id another game holds
  // stays that game's, address and all.
  await sql`
    update public.game_external_ids e set url = u.url
    from unnest(${rows.map((r) => r.source)}::text[], ${rows.map((r) => r.external_id)}::text[],
      ${rows.map((r) => r.game_id)}::int[], ${rows.map((r) => r.url)}::text[]) as u(source, id, game_id, url)
    where e.source = u.source and e.external_id = u.id and e.game_id = u.game_id and e.url is distinct from u.url
  `.execute(trx);
  const alternative = targets.flatMap((t) =>
    t.game.alternativeNames.map((a) => ({ game_id: t.gameId, name: a.name, comment: a.comment })),
  );
  if (alternative.length > 0)
    await trx
      .insertInto('game_alternative_names')
      .values(alternative)
      .onConflict((oc) => oc.doNothing())
      .execute();
  const provenance = targets.flatMap((t) =>
    [...t.writable].map((field) => ({ game_id: t.gameId, field, source: 'igdb' as const })),
  );
  if (provenance.length > 0) {
    await trx
      .insertInto('game_field_sources')
      .values(provenance)
      .onConflict((oc) =>
        oc
          .columns(['game_id', 'field'])
          .doUpdateSet({ source: 'igdb', updated_at: new Date() })
          .where('game_field_sources.source', '<>', 'admin'),
      )
      .execute();
  }
}

/** Remembers each written game's IGDB updated_at, for the next incremental run to compare. */
export async function markSynced(trx: Trx, targets: readonly Target[]): Promise<void> {
  const dated = targets.filter((t) => t.game.updatedAt !== null);
  if (dated.length === 0) return;
  const ids = dated.map((t) => String(t.game.igdbId));
  const times = dated.map((t) => t.game.updatedAt ?? 0);
  await sql`
    update public.game_external_ids e set source_updated_at = to_timestamp(u.at)
    from unnest(${ids}::text[], ${times}::float8[]) as u(id, at)
    where e.source = 'igdb' and e.external_id = u.id
  `.execute(trx);
}
