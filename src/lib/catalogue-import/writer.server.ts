import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { slugify, uniqueSlug } from '../games/slug.ts';
import { companyKey, type CatalogueRecord } from './merge.ts';
import { GENRES, PLATFORMS, type GenreRef, type PlatformRef } from './reference.ts';

/**
 * Bulk writer of catalogue records, used by the demo data and the synthetic generator
 * alike. Rows go in as column arrays through unnest(), a few thousand per statement, so
 * 100 000 games load in seconds instead of minutes of single-row inserts.
 */

const BATCH = 5_000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function upsertReference(
  trx: Transaction<Database>,
  platforms: readonly PlatformRef[] = PLATFORMS,
  genres: readonly GenreRef[] = GENRES,
): Promise<{ platformIds: Map<string, number>; genreIds: Map<string, number> }> {
  await trx
    .insertInto('platforms')
    .values(platforms.map(({ slug, name, abbreviation }) => ({ slug, name, abbreviation })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  await trx
    .insertInto('genres')
    .values(genres.map(({ slug, name }) => ({ slug, name })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const platformRows = await trx.selectFrom('platforms').select(['id', 'slug']).execute();
  const genreRows = await trx.selectFrom('genres').select(['id', 'slug']).execute();
  return {
    platformIds: new Map(platformRows.map((row) => [row.slug, row.id])),
    genreIds: new Map(genreRows.map((row) => [row.slug, row.id])),
  };
}

/** Inserts missing companies (matched by companyKey) and returns key -> id for all of `names`. */
async function ensureCompanies(trx: Transaction<Database>, names: Iterable<string>): Promise<Map<string, number>> {
  const existing = await trx.selectFrom('companies').select(['id', 'slug', 'name']).execute();
  const ids = new Map(existing.map((row) => [companyKey(row.name), row.id]));
  const takenSlugs = new Set(existing.map((row) => row.slug));
  const fresh = new Map<string, { name: string; slug: string }>();
  for (const name of names) {
    const key = companyKey(name);
    if (!key || ids.has(key) || fresh.has(key)) continue;
    fresh.set(key, { name, slug: uniqueSlug(slugify(name), takenSlugs, 'company') });
  }
  for (const batch of chunks([...fresh.values()], BATCH)) {
    const rows = await sql<{ id: number; name: string }>`
      insert into public.companies (name, slug)
      select * from unnest(${batch.map((c) => c.name)}::text[], ${batch.map((c) => c.slug)}::text[])
      returning id, name
    `.execute(trx);
    for (const row of rows.rows) ids.set(companyKey(row.name), row.id);
  }
  return ids;
}

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Unknown ${what}: ${key}`);
  return value;
}

/**
 * Writes the records in the caller's transaction. Game slugs must be unique among
 * themselves and against the database (the importers guarantee it; the unique constraint
 * turns a mistake into a rolled-back load rather than a half-written catalogue).
 */
export async function writeCatalogue(
  trx: Transaction<Database>,
  records: CatalogueRecord[],
  onGameIds: (ids: Map<string, number>) => void = () => {},
): Promise<number> {
  const { platformIds, genreIds } = await upsertReference(trx);
  const companyIds = await ensureCompanies(
    trx,
    records.flatMap((record) => [...record.developers, ...record.publishers]),
  );

  for (const batch of chunks(records, BATCH)) {
    const inserted = await sql<{ id: number; slug: string }>`
      insert into public.games (slug, title, summary, release_date, sources)
      select slug, title, summary, release_date, string_to_array(sources, ',')
      from unnest(
        ${batch.map((r) => r.slug)}::text[],
        ${batch.map((r) => r.title)}::text[],
        ${batch.map((r) => r.summary)}::text[],
        ${batch.map((r) => r.releaseDate)}::date[],
        ${batch.map((r) => r.sources.join(','))}::text[]
      ) as input(slug, title, summary, release_date, sources)
      returning id, slug
    `.execute(trx);
    const gameIds = new Map(inserted.rows.map((row) => [row.slug, row.id]));
    onGameIds(gameIds);

    const platformLinks = { game: [] as number[], platform: [] as number[], date: [] as (string | null)[] };
    const genreLinks = { game: [] as number[], genre: [] as number[] };
    const developerLinks = { game: [] as number[], company: [] as number[] };
    const publisherLinks = { game: [] as number[], company: [] as number[] };
    for (const record of batch) {
      const gameId = lookup(gameIds, record.slug, 'game slug');
      for (const platform of record.platforms) {
        platformLinks.game.push(gameId);
        platformLinks.platform.push(lookup(platformIds, platform.slug, 'platform'));
        platformLinks.date.push(platform.releaseDate);
      }
      for (const genre of record.genres) {
        genreLinks.game.push(gameId);
        genreLinks.genre.push(lookup(genreIds, genre, 'genre'));
      }
      for (const name of record.developers) {
        developerLinks.game.push(gameId);
        developerLinks.company.push(lookup(companyIds, companyKey(name), 'company'));
      }
      for (const name of record.publishers) {
        publisherLinks.game.push(gameId);
        publisherLinks.company.push(lookup(companyIds, companyKey(name), 'company'));
      }
    }
    await sql`
      insert into public.game_platforms (game_id, platform_id, release_date)
      select * from unnest(${platformLinks.game}::int[], ${platformLinks.platform}::int[], ${platformLinks.date}::date[])
    `.execute(trx);
    await sql`
      insert into public.game_genres (game_id, genre_id)
      select * from unnest(${genreLinks.game}::int[], ${genreLinks.genre}::int[])
    `.execute(trx);
    await sql`
      insert into public.game_developers (game_id, company_id)
      select * from unnest(${developerLinks.game}::int[], ${developerLinks.company}::int[])
    `.execute(trx);
    await sql`
      insert into public.game_publishers (game_id, company_id)
      select * from unnest(${publisherLinks.game}::int[], ${publisherLinks.company}::int[])
    `.execute(trx);
  }
  return records.length;
}
