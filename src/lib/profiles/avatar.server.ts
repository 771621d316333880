import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import type { Database } from '../db/schema.ts';
import { processImage } from '../images/images.server.ts';
import { AVATAR_IMAGE } from '../images/images.ts';
import { storeImageVariants } from '../storage/image-variants.server.ts';

type Db = Kysely<Database>;

export const AVATAR_BUCKET = 'avatars';

/**
 * Replaces a user's avatar: the bytes are checked by content (JPEG, PNG or WebP, at most
 * 5 MB), resized to 256 and 64 px WebP without metadata, stored through the Storage API
 * with the user's own session (the bucket's policies decide), and only then is the
 * profile pointed at them. A refused file throws ImageRejectedError before anything is
 * stored, so the old avatar stays.
 */
export async function replaceAvatar(
  db: Db,
  supabase: SupabaseClient,
  userId: string,
  bytes: Uint8Array,
): Promise<{ avatarUrl: string; smallUrl: string }> {
  const image = await processImage(bytes, AVATAR_IMAGE);
  const stored = await storeImageVariants(supabase, {
    bucket: AVATAR_BUCKET,
    folder: userId,
    baseName: 'avatar',
    variants: image.variants,
  });
  const avatarUrl = stored['256']!.publicUrl;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('profiles')
      .set({ avatar_url: avatarUrl })
      .where('id', '=', userId)
      .returning('bio')
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      actorId: userId,
      kind: 'profile_updated',
      subjectType: 'profile',
      subjectId: userId,
      data: { hasAvatar: true, hasBio: Boolean(row.bio) },
      isPublic: false,
    });
  });
  return { avatarUrl, smallUrl: stored['64']!.publicUrl };
}
