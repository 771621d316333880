import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { slugify } from '../games/slug.ts';
import { fieldsChangedByEdit } from '../igdb/provenance.ts';
import { markFieldsAdmin } from '../igdb/provenance.server.ts';
import { audit } from './admin.server.ts';
import { slugForGame, type GameForEditView, type GameInput } from './games.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

export class GameAdminError extends Error {
  readonly code: 'slug_taken' | 'unknown_platform' | 'not_found';
  constructor(code: GameAdminError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

export interface AdminGameRow {
  id: number;
  slug: string;
  title: string;
  releaseDate: string | null;
}

/** Games by title (trigram-indexed `lower(title)`), or the newest when there is no query. */
export async function searchGamesForAdmin(db: Db, q: string, limit = 50): Promise<AdminGameRow[]> {
  let query = db.selectFrom('games').select(['id', 'slug', 'title', 'release_date']).limit(limit);
  query = q
    ? query
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['title']), 'like', `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`),
            eb('slug', '=', q),
          ]),
        )
        .orderBy('title')
    : query.orderBy('id', 'desc');
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    releaseDate: row.release_date,
  }));
}

/** Everything the edit form shows. */
export async function gameForEdit(db: Db, slug: string): Promise<GameForEditView | null> {
  const game = await db.selectFrom('games').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!game) return null;
  const [platforms, genres, developers, publishers] = await Promise.all([
    db
      .selectFrom('game_platforms as gp')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .select(['p.slug', 'gp.release_date'])
      .where('gp.game_id', '=', game.id)
      .execute(),
    db
      .selectFrom('game_genres as gg')
      .innerJoin('genres as g', 'g.id', 'gg.genre_id')
      .select('g.name')
      .where('gg.game_id', '=', game.id)
      .execute(),
    db
      .selectFrom('game_developers as gd')
      .innerJoin('companies as c', 'c.id', 'gd.company_id')
      .select('c.name')
      .where('gd.game_id', '=', game.id)
      .execute(),
    db
      .selectFrom('game_publishers as gp')
      .innerJoin('companies as c', 'c.id', 'gp.company_id')
      .select('c.name')
      .where('gp.game_id', '=', game.id)
      .execute(),
  ]);
  return {
    id: game.id,
    slug: game.slug,
    title: game.title,
    summary: game.summary ?? '',
    releaseDate: game.release_date ?? '',
    coverImageUrl: game.cover_image_url,
    platforms: platforms.map((row) => ({ slug: row.slug, releaseDate: row.release_date ?? '' })),
    genres: genres.map((row) => row.name),
    developers: developers.map((row) => row.name),
    publishers: publishers.map((row) => row.name),
  };
}

/** The ids of companies by name (case aside), each made when missing. */
export async function companyIds(trx: Trx, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of new Set(names)) {
    const found = await trx
      .selectFrom('companies')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    if (found) ids.push(found.id);
    else
      ids.push(
        (
          await trx
            .insertInto('companies')
            .values({ name, slug: await freeSlug(trx, 'companies', slugify(name) || 'company') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
  }
  return ids;
}

/** The ids of genres by name (case aside), each made when missing. */
export async function genreIds(trx: Trx, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of new Set(names)) {
    const found = await trx
      .selectFrom('genres')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    if (found) ids.push(found.id);
    else
      ids.push(
        (
          await trx
            .insertInto('genres')
            .values({ name, slug: await freeSlug(trx, 'genres', slugify(name) || 'genre') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
  }
  return ids;
}

async function freeSlug(trx: Trx, table: 'companies' | 'genres', base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await trx.selectFrom(table).select('id').where('slug', '=', candidate).executeTakeFirst())) return candidate;
  }
}

async function writeLinks(trx: Trx, gameId: number, input: GameInput): Promise<void> {
  const platformRows = input.platforms.length
    ? await trx
        .selectFrom('platforms')
        .select(['id', 'slug'])
        .where(
          'slug',
          'in',
          input.platforms.map((p) => p.slug),
        )
        .execute()
    : [];
  const unknown = input.platforms.find((p) => !platformRows.some((row) => row.slug === p.slug));
  if (unknown) throw new GameAdminError('unknown_platform', `Unknown platform: ${unknown.slug}.`);
  await trx.deleteFrom('game_platforms').where('game_id', '=', gameId).execute();
  await trx.deleteFrom('game_genres').where('game_id', '=', gameId).execute();
  await trx.deleteFrom('game_developers').where('game_id', '=', gameId).execute();
  await trx.deleteFrom('game_publishers').where('game_id', '=', gameId).execute();
  const platformValues = input.platforms.map((p) => ({
    game_id: gameId,
    platform_id: platformRows.find((row) => row.slug === p.slug)!.id,
    release_date: p.releaseDate || null,
  }));
  if (platformValues.length)
    await trx
      .insertInto('game_platforms')
      .values(platformValues)
      .onConflict((oc) => oc.doNothing())
      .execute();
  const genres = await genreIds(trx, input.genres);
  if (genres.length)
    await trx
      .insertInto('game_genres')
      .values(genres.map((genre_id) => ({ game_id: gameId, genre_id })))
      .execute();
  const developers = await companyIds(trx, input.developers);
  if (developers.length)
    await trx
      .insertInto('game_developers')
      .values(developers.map((company_id) => ({ game_id: gameId, company_id })))
      .execute();
  const publishers = await companyIds(trx, input.publishers);
  if (publishers.length)
    await trx
      .insertInto('game_publishers')
      .values(publishers.map((company_id) => ({ game_id: gameId, company_id })))
      .execute();
}

async function assertSlugFree(trx: Trx, slug: string, exceptId?: number): Promise<void> {
  let query = trx.selectFrom('games').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const taken =
    (await query.executeTakeFirst()) ??
    (await trx
      .selectFrom('game_slug_redirects')
      .select('game_id as id')
      .where('old_slug', '=', slug)
      .where('game_id', '<>', exceptId ?? -1)
      .executeTakeFirst());
  if (taken) throw new GameAdminError('slug_taken', `The slug "${slug}" is already used by another game.`);
}

/** A game's first release: its own date, else its earliest platform's. */
export function earliest(input: GameInput): string | null {
  if (input.releaseDate) return input.releaseDate;
  const dates = input.platforms
    .map((p) => p.releaseDate)
    .filter((d): d is string => Boolean(d))
    .sort();
  return dates[0] ?? null;
}

/** Creates a game in the given transaction (approving a request uses it too). */
export async function insertGame(trx: Trx, input: GameInput, adminId: string): Promise<{ id: number; slug: string }> {
  const slug = slugForGame(input);
  await assertSlugFree(trx, slug);
  const game = await trx
    .insertInto('games')
    .values({
      slug,
      title: input.title,
      summary: input.summary || null,
      release_date: earliest(input),
      sources: ['editorial'],
    })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
  await writeLinks(trx, game.id, input);
  await audit(trx, {
    adminId,
    action: 'game.create',
    subjectType: 'game',
    subjectId: game.id,
    after: { ...input, slug },
  });
  return game;
}

export function createGame(db: Kysely<Database>, input: GameInput, adminId: string) {
  return db.transaction().execute((trx) => insertGame(trx, input, adminId));
}

/** Updates a game; a changed slug keeps the old one as a redirect. Returns the old and new slugs. */
export async function updateGame(
  db: Kysely<Database>,
  id: number,
  input: GameInput,
  adminId: string,
): Promise<{ before: string; after: string }> {
  return db.transaction().execute(async (trx) => {
    const before = await gameForEditById(trx, id);
    const slug = input.slug || before.slug;
    await assertSlugFree(trx, slug, id);
    await trx
      .updateTable('games')
      .set({ slug, title: input.title, summary: input.summary || null, release_date: earliest(input) })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, input);
    await markFieldsAdmin(trx, id, fieldsChangedByEdit(before, input));
    if (slug !== before.slug) {
      await trx.deleteFrom('game_slug_redirects').where('old_slug', '=', slug).execute();
      await trx
        .insertInto('game_slug_redirects')
        .values({ old_slug: before.slug, game_id: id })
        .onConflict((oc) => oc.column('old_slug').doUpdateSet({ game_id: id }))
        .execute();
    }
    await audit(trx, {
      adminId,
      action: 'game.update',
      subjectType: 'game',
      subjectId: id,
      before,
      after: { ...input, slug },
    });
    return { before: before.slug, after: slug };
  });
}

async function gameForEditById(trx: Trx, id: number) {
  const row = await trx.selectFrom('games').select('slug').where('id', '=', id).forUpdate().executeTakeFirst();
  const game = row && (await gameForEdit(trx, row.slug));
  if (!game) throw new GameAdminError('not_found', 'This game no longer exists.');
  return game;
}

/** Deletes a game and everything that belongs to it (its rows cascade). */
export async function deleteGame(db: Kysely<Database>, id: number, adminId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const before = await gameForEditById(trx, id);
    await trx.deleteFrom('games').where('id', '=', id).execute();
    await audit(trx, { adminId, action: 'game.delete', subjectType: 'game', subjectId: id, before });
    return before.slug;
  });
}

/** Sets the cover URL after the image was stored (see covers). */
export async function setGameCover(db: Kysely<Database>, id: number, url: string, adminId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('games')
      .select(['slug', 'cover_image_url'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new GameAdminError('not_found', 'This game no longer exists.');
    await trx.updateTable('games').set({ cover_image_url: url }).where('id', '=', id).execute();
    await markFieldsAdmin(trx, id, ['cover_image_url']);
    await audit(trx, {
      adminId,
      action: 'game.cover',
      subjectType: 'game',
      subjectId: id,
      before: { cover: before.cover_image_url },
      after: { cover: url },
    });
    return before.slug;
  });
}
