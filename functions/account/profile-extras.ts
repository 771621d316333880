import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { replaceAvatar } from '../../src/lib/profiles/avatar.server.ts';
import { privacyPurgeTargets } from '../../src/lib/profiles/privacy.server.ts';
import { setProfilePrivacy } from '../../src/lib/profiles/profiles.server.ts';
import { profileSettingsSchema } from '../../src/lib/profiles/profiles.ts';
import { apiError, json } from '../http.ts';
import { readImageUpload, refuseUpload, uploadFailure } from '../uploads/images.ts';

/**
 * Profile extras beside PATCH /api/profile:
 *   POST /api/profile/avatar    the image file as the body (or a form field "avatar")
 *   PUT  /api/profile/privacy   { isPrivate }
 */

export interface ProfileExtrasDeps {
  db: () => Promise<Kysely<Database>>;
  user: { id: string } | null;
  supabase: () => SupabaseClient;
}

const notSignedIn = () => apiError(401, 'not_authenticated', 'Auth session missing!');

export async function handleAvatarUpload(request: Request, deps: ProfileExtrasDeps): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const bytes = await readImageUpload(request, 'avatar');
  const refused = refuseUpload(bytes);
  if (refused) return refused;
  try {
    return json(await replaceAvatar(await deps.db(), deps.supabase(), deps.user.id, bytes!));
  } catch (error) {
    return uploadFailure(error);
  }
}

/** Turning private (or public again) purges every cached page that shows the player's things. */
export async function handleSetPrivacy(
  request: Request,
  deps: Omit<ProfileExtrasDeps, 'supabase'> & { purge: Purge },
): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const parsed = profileSettingsSchema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return apiError(400, 'invalid_request', 'isPrivate must be true or false.');
  await setProfilePrivacy(await deps.db(), deps.user.id, parsed.data.isPrivate);
  await deps.purge(privacyPurgeTargets(deps.user.id));
  return json({ isPrivate: parsed.data.isPrivate });
}
