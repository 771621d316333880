import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { processImage } from '../images/images.server.ts';
import { GAME_COVER_IMAGE } from '../images/images.ts';
import { storeImageVariants } from '../storage/image-variants.server.ts';
import { GameAdminError, setGameCover } from './games.server.ts';

export const GAME_COVER_BUCKET = 'game-covers';

/**
 * Replaces a game's cover: the bytes are checked by content and resized to 600x800 and
 * 300x400 WebP, stored with the administrator's own session (the bucket's policies let
 * only administrators write), the game row is pointed at the large variant (audited), and
 * the previous cover files are removed by storeImageVariants. A refused file throws before
 * anything is stored, so the old cover stays.
 */
export async function replaceGameCover(
  db: Kysely<Database>,
  supabase: SupabaseClient,
  input: { gameId: number; adminId: string; bytes: Uint8Array },
): Promise<{ slug: string; coverUrl: string }> {
  const exists = await db.selectFrom('games').select('id').where('id', '=', input.gameId).executeTakeFirst();
  if (!exists) throw new GameAdminError('not_found', 'This game no longer exists.');
  const image = await processImage(input.bytes, GAME_COVER_IMAGE);
  const stored = await storeImageVariants(supabase, {
    bucket: GAME_COVER_BUCKET,
    folder: String(input.gameId),
    baseName: 'cover',
    variants: image.variants,
  });
  const coverUrl = stored['600']!.publicUrl;
  const slug = await setGameCover(db, input.gameId, coverUrl, input.adminId);
  return { slug, coverUrl };
}
