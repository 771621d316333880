import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { processImage } from '../images/images.server.ts';
import { OUTLET_LOGO_IMAGE } from '../images/images.ts';
import { storeImageVariants } from '../storage/image-variants.server.ts';
import { audit, outletAccess } from './access.server.ts';
import { refuse, type ManageResult } from './drafts.server.ts';
import { MANAGE_MESSAGES as M } from './manage.ts';

export const OUTLET_LOGO_BUCKET = 'outlet-logos';

/** An outlet named in a URL: a plain number is its id, anything else its slug. */
export function outletRef(segment: string): { id: number } | { slug: string } {
  return /^[1-9][0-9]{0,8}$/.test(segment) ? { id: Number(segment) } : { slug: segment };
}

/**
 * Replaces an outlet's logo (owners only): checked by content, kept whole at 256 and 64 px
 * WebP, stored with the owner's own session (the bucket's policies let only the outlet's
 * owners write into its folder), then the outlet points at the large variant (audited).
 * The previous logo files are removed by storeImageVariants. A refused file throws
 * ImageRejectedError before anything is stored, so the old logo stays.
 */
export async function replaceOutletLogo(
  db: Kysely<Database>,
  supabase: SupabaseClient,
  input: { userId: string; outlet: { id: number } | { slug: string }; bytes: Uint8Array },
): Promise<ManageResult<{ logoUrl: string; smallUrl: string }>> {
  const access = await outletAccess(db, input.userId, input.outlet);
  if (!access) return refuse('forbidden', M.noAccess);
  if (access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
  const image = await processImage(input.bytes, OUTLET_LOGO_IMAGE);
  const stored = await storeImageVariants(supabase, {
    bucket: OUTLET_LOGO_BUCKET,
    folder: String(access.outlet.id),
    baseName: 'logo',
    variants: image.variants,
  });
  const logoUrl = stored['256']!.publicUrl;
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('outlets')
      .select('logo_url')
      .where('id', '=', access.outlet.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx.updateTable('outlets').set({ logo_url: logoUrl }).where('id', '=', access.outlet.id).execute();
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: input.userId,
      action: 'logo.updated',
      subject: access.outlet.name,
      before: { logoUrl: before.logo_url },
      after: { logoUrl },
    });
  });
  return {
    ok: true,
    value: { logoUrl, smallUrl: stored['64']!.publicUrl },
    change: { gameSlugs: [], outletSlug: access.outlet.slug, authorIds: [] },
  };
}
