import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import { getEnv } from '../config/env.ts';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import type { Database } from '../db/schema.ts';
import { fetchImage, type FetchImageOptions } from '../images/fetch-image.server.ts';
import { processImage } from '../images/images.server.ts';
import { COVER_WIDTHS, GAME_COVER_IMAGE } from '../images/images.ts';
import { storeImageVariants } from '../storage/image-variants.server.ts';
import { GameAdminError, setGameCover } from './games.server.ts';

export const GAME_COVER_BUCKET = 'game-covers';

const LARGEST = `w${Math.max(...COVER_WIDTHS)}`;
// Tied to the widths and formats as well as the source, so a new variant set never reuses a name.
const coverVersion = (bytes: Uint8Array) =>
  createHash('sha256')
    .update(`covers:${COVER_WIDTHS.join(',')}:avif,webp:`)
    .update(bytes)
    .digest('hex')
    .slice(0, 16);

async function requireGame(db: Kysely<Database>, gameId: number): Promise<void> {
  const exists = await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
  if (!exists) throw new GameAdminError('not_found', 'This game no longer exists.');
}

/**
 * Replaces a game's cover: the bytes are checked by content and made into every width of
 * COVER_WIDTHS in AVIF and WebP (3:4), all named with one version taken from the source, so
 * the one URL the game row keeps (the largest WebP) gives the others to CoverArt. They are
 * stored with the caller's client (the bucket's policies let only administrators write),
 * the row is pointed at them (audited) and the previous cover files are removed by
 * storeImageVariants. A refused file throws before anything is stored, so the old cover stays.
 */
export async function replaceGameCover(
  db: Kysely<Database>,
  supabase: SupabaseClient,
  input: { gameId: number; adminId: string; bytes: Uint8Array },
): Promise<{ slug: string; coverUrl: string }> {
  await requireGame(db, input.gameId);
  const coverUrl = await storeGameCoverFiles(supabase, input.gameId, input.bytes);
  const slug = await setGameCover(db, input.gameId, coverUrl, input.adminId);
  return { slug, coverUrl };
}

/**
 * The pipeline without the game row: checks the bytes, stores every variant in the game's
 * folder (removing the previous set) and returns the URL a game row keeps. For callers that
 * record the cover their own way (the IGDB cover copy keeps the field IGDB's).
 */
export async function storeGameCoverFiles(
  supabase: SupabaseClient,
  gameId: number,
  bytes: Uint8Array,
): Promise<string> {
  const image = await processImage(bytes, GAME_COVER_IMAGE);
  const stored = await storeImageVariants(supabase, {
    bucket: GAME_COVER_BUCKET,
    folder: String(gameId),
    baseName: 'cover',
    variants: image.variants,
    version: coverVersion(bytes),
  });
  return stored[LARGEST]!.publicUrl;
}

/** How the server fetches a cover from a URL; tests shorten the deadline. */
export function coverFetchOptions(overrides: Partial<FetchImageOptions> = {}): FetchImageOptions {
  return {
    maxBytes: GAME_COVER_IMAGE.maxBytes,
    timeoutMs: REMOTE_TIMEOUT_MS.imageImport,
    allowedAddresses: getEnv().IMAGE_IMPORT_ALLOWED_ADDRESSES,
    ...overrides,
  };
}

/**
 * Sets a game's cover from an image URL (the admin editor's "cover image URL"; a catalogue
 * sync's covers): the image is downloaded by fetchImage (http and https only, public
 * addresses only, bounded in time and size) and then goes through replaceGameCover exactly as
 * an upload does, so the site serves its own copy in every size. Throws ImageFetchError when
 * the download fails, ImageRejectedError when the bytes are not an acceptable image.
 */
export async function importGameCoverFromUrl(
  db: Kysely<Database>,
  supabase: SupabaseClient,
  input: { gameId: number; adminId: string; url: string },
  options: FetchImageOptions = coverFetchOptions(),
): Promise<{ slug: string; coverUrl: string }> {
  await requireGame(db, input.gameId);
  const bytes = await fetchImage(input.url, options);
  return replaceGameCover(db, supabase, { gameId: input.gameId, adminId: input.adminId, bytes });
}
