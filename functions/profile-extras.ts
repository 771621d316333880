import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Database } from '../src/lib/db/schema.ts';
import { ImageRejectedError } from '../src/lib/images/images.ts';
import { BODY_LIMITS } from '../src/lib/http/body-limits.ts';
import { ImageStoreError } from '../src/lib/storage/image-variants.server.ts';
import { replaceAvatar } from '../src/lib/profiles/avatar.server.ts';
import { setProfilePrivacy } from '../src/lib/profiles/profiles.server.ts';
import { profileSettingsSchema } from '../src/lib/profiles/profiles.ts';
import { apiError, json } from './http.ts';

/**
 * Profile extras beside PATCH /api/profile:
 *   POST /api/profile/avatar    the image file as the body (or a form field "avatar")
 *   PUT  /api/profile/privacy   { isPrivate }
 */

export interface ProfileExtrasDeps {
  db: Kysely<Database>;
  user: { id: string } | null;
  supabase: () => SupabaseClient;
}

const notSignedIn = () => apiError(401, 'not_authenticated', 'Auth session missing!');

async function imageBytes(request: Request): Promise<Uint8Array | null> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => null);
    const file = form?.get('avatar');
    return file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : null;
  }
  return new Uint8Array(await request.arrayBuffer());
}

export async function handleAvatarUpload(request: Request, deps: ProfileExtrasDeps): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const bytes = await imageBytes(request);
  if (!bytes || bytes.byteLength === 0) return apiError(400, 'invalid_image', 'Please choose a JPEG, PNG or WebP image.');
  if (bytes.byteLength > BODY_LIMITS.image) return apiError(413, 'too_large', new ImageRejectedError('too_large', BODY_LIMITS.image).message);
  try {
    const result = await replaceAvatar(deps.db, deps.supabase(), deps.user.id, bytes);
    return json(result);
  } catch (error) {
    if (error instanceof ImageRejectedError) return apiError(error.reason === 'too_large' ? 413 : 400, 'invalid_image', error.message);
    if (error instanceof ImageStoreError && error.status === 403) return apiError(403, 'forbidden', 'Your session cannot store files. Please sign in again.');
    throw error;
  }
}

export async function handleSetPrivacy(request: Request, deps: Omit<ProfileExtrasDeps, 'supabase'>): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const parsed = profileSettingsSchema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return apiError(400, 'invalid_request', 'isPrivate must be true or false.');
  await setProfilePrivacy(deps.db, deps.user.id, parsed.data.isPrivate);
  return json({ isPrivate: parsed.data.isPrivate });
}
