import type { SupabaseClient } from '@supabase/supabase-js';
import { sql, type Kysely, type Transaction } from 'kysely';
import pLimit from 'p-limit';
import { coverFetchOptions, storeGameCoverFiles } from '../admin/cover.server.ts';
import type { Database } from '../db/schema.ts';
import { fetchImage, ImageFetchError, type FetchImageOptions } from '../images/fetch-image.server.ts';
import { igdbCoverImageId } from '../images/covers.ts';
import { ImageRejectedError } from '../images/images.ts';
import { COVER_COPY_CONCURRENCY, COVER_COPY_DEFAULT_COUNT, igdbCopyUrl, nextCoverAttempt } from './covers.ts';

/**
 * One bounded step of copying IGDB covers into the site's storage: up to `count` games whose
 * cover is still on IGDB's CDN, that no administrator gave a cover, and that are not waiting
 * to try a failed copy again. Each image is downloaded (the safe fetch: public addresses only,
 * a deadline, a size bound) and stored through the cover pipeline with no transaction open;
 * only then a short transaction points the game at its copy, if its cover is still that IGDB
 * image and still not an administrator's. The field stays IGDB's, so a later IGDB cover
 * replaces it (and is copied in turn); igdb_cover_copies remembers the image each copy came
 * from, and its trigger keeps the copy when a sync writes the same image back.
 *
 * A download that fails (404, timeout, not an image) is logged and tried again later
 * (nextCoverAttempt), a few times at most. Storage refusing the files stops the step (a
 * configuration problem, not the game's): it throws and the next step starts over.
 */

export interface CoverCopyOptions {
  /** Games to take (default COVER_COPY_DEFAULT_COUNT). */
  count?: number;
  /** IGDB_IMAGE_URL. */
  imageBaseUrl: string;
  fetchOptions?: FetchImageOptions;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface CoverCopyOutcome {
  copied: number;
  failed: number;
  /** Games whose cover changed while their image was copied (left for the next step). */
  skipped: number;
  /** Slugs of the games now showing a stored cover (their pages are purged). */
  slugs: string[];
}

const IGDB_CDN_PREFIX = 'https://images.igdb.com/igdb/image/upload/';
// A literal, so the planner uses games_igdb_cover_idx (a partial index on this predicate).
const ON_IGDB_CDN = sql<boolean>`g.cover_image_url like ${sql.lit(`${IGDB_CDN_PREFIX}%`)}`;
const IMAGE_ID = sql<string>`substring(g.cover_image_url from '/t_[a-z0-9_]+/([a-z0-9]{1,64})\\.[a-z]+$')`;

interface Candidate {
  id: number;
  slug: string;
  coverUrl: string;
  imageId: string;
}

/** Runs `fn` in a transaction of its own, or in the caller's when `db` already is one. */
function shortTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute((trx: Transaction<Database>) => fn(trx));
}

async function candidates(db: Kysely<Database>, count: number): Promise<Candidate[]> {
  const rows = await db
    .selectFrom('games as g')
    .leftJoin('igdb_cover_copies as c', 'c.game_id', 'g.id')
    .select(['g.id', 'g.slug', 'g.cover_image_url'])
    .where(ON_IGDB_CDN)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('game_field_sources as s')
            .select('s.game_id')
            .whereRef('s.game_id', '=', 'g.id')
            .where('s.field', '=', 'cover_image_url')
            .where('s.source', '=', 'admin'),
        ),
      ),
    )
    .where((eb) =>
      eb.or([
        eb('c.game_id', 'is', null),
        eb('c.status', '=', 'copied'),
        eb('c.image_id', '<>', IMAGE_ID),
        eb('c.next_attempt_at', '<=', sql<Date>`now()`),
      ]),
    )
    .orderBy('g.id')
    .limit(count)
    .execute();
  return rows.flatMap((row) => {
    const imageId = igdbCoverImageId(row.cover_image_url);
    return imageId && row.cover_image_url
      ? [{ id: row.id, slug: row.slug, coverUrl: row.cover_image_url, imageId }]
      : [];
  });
}

/** Whether the game still shows this IGDB image and no administrator has given it a cover. */
async function stillIgdbCover(db: Kysely<Database>, game: Candidate, lock: boolean): Promise<boolean> {
  let query = db.selectFrom('games').select('cover_image_url').where('id', '=', game.id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (row?.cover_image_url !== game.coverUrl) return false;
  const admin = await db
    .selectFrom('game_field_sources')
    .select('source')
    .where('game_id', '=', game.id)
    .where('field', '=', 'cover_image_url')
    .where('source', '=', 'admin')
    .executeTakeFirst();
  return !admin;
}

async function recordCopy(db: Kysely<Database>, game: Candidate, storedUrl: string): Promise<boolean> {
  return shortTransaction(db, async (trx) => {
    if (!(await stillIgdbCover(trx, game, true))) return false;
    await trx.updateTable('games').set({ cover_image_url: storedUrl }).where('id', '=', game.id).execute();
    await trx
      .insertInto('game_field_sources')
      .values({ game_id: game.id, field: 'cover_image_url', source: 'igdb' })
      .onConflict((oc) => oc.columns(['game_id', 'field']).doUpdateSet({ source: 'igdb', updated_at: new Date() }))
      .execute();
    const copy = {
      image_id: game.imageId,
      status: 'copied' as const,
      attempts: 1,
      stored_url: storedUrl,
      last_error: null,
      next_attempt_at: null,
      updated_at: new Date(),
    };
    await trx
      .insertInto('igdb_cover_copies')
      .values({ game_id: game.id, ...copy })
      .onConflict((oc) => oc.column('game_id').doUpdateSet(copy))
      .execute();
    return true;
  });
}

async function recordFailure(db: Kysely<Database>, game: Candidate, error: Error, now: Date): Promise<number> {
  return shortTransaction(db, async (trx) => {
    const previous = await trx
      .selectFrom('igdb_cover_copies')
      .select(['image_id', 'status', 'attempts'])
      .where('game_id', '=', game.id)
      .forUpdate()
      .executeTakeFirst();
    const attempts =
      previous?.status === 'failed' && previous.image_id === game.imageId ? Math.min(previous.attempts + 1, 1000) : 1;
    const failure = {
      image_id: game.imageId,
      status: 'failed' as const,
      attempts,
      stored_url: null,
      last_error: error.message.slice(0, 500),
      next_attempt_at: nextCoverAttempt(attempts, now),
      updated_at: now,
    };
    await trx
      .insertInto('igdb_cover_copies')
      .values({ game_id: game.id, ...failure })
      .onConflict((oc) => oc.column('game_id').doUpdateSet(failure))
      .execute();
    return attempts;
  });
}

export async function copyIgdbCovers(
  db: Kysely<Database>,
  supabase: SupabaseClient,
  options: CoverCopyOptions,
): Promise<CoverCopyOutcome> {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  const fetchOptions = options.fetchOptions ?? coverFetchOptions();
  const outcome: CoverCopyOutcome = { copied: 0, failed: 0, skipped: 0, slugs: [] };
  const copyOne = async (game: Candidate): Promise<void> => {
    const url = igdbCopyUrl(options.imageBaseUrl, game.imageId);
    let storedUrl: string;
    try {
      const bytes = await fetchImage(url, fetchOptions);
      // Checked again just before storing: storing replaces the files in the game's folder.
      if (!(await stillIgdbCover(db, game, false))) {
        outcome.skipped++;
        return;
      }
      storedUrl = await storeGameCoverFiles(supabase, game.id, bytes);
    } catch (error) {
      if (!(error instanceof ImageFetchError || error instanceof ImageRejectedError)) throw error;
      const attempts = await recordFailure(db, game, error, now());
      outcome.failed++;
      log(`[igdb-covers] ${game.slug}: ${url}: ${error.message} (attempt ${attempts})`);
      return;
    }
    if (await recordCopy(db, game, storedUrl)) {
      outcome.copied++;
      outcome.slugs.push(game.slug);
    } else {
      outcome.skipped++;
    }
  };
  const limit = pLimit(COVER_COPY_CONCURRENCY);
  const games = await candidates(db, options.count ?? COVER_COPY_DEFAULT_COUNT);
  // Every copy is over before this returns, even when one throws: none outlives the caller's transaction.
  const results = await Promise.allSettled(games.map((game) => limit(() => copyOne(game))));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return outcome;
}
