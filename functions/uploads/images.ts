import { BODY_LIMITS } from '../../src/lib/http/body-limits.ts';
import { ImageRejectedError, IMAGE_MESSAGES } from '../../src/lib/images/images.ts';
import { ImageStoreError } from '../../src/lib/storage/image-variants.server.ts';
import { apiError } from '../http.ts';

/**
 * Image uploads to the site's own API (covers, logos): the file as the raw body, or as the
 * form field `field` of a multipart form (what a file input sends). Null when no file came.
 */
export async function readImageUpload(request: Request, field: string): Promise<Uint8Array | null> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => null);
    const file = form?.get(field);
    return file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : null;
  }
  const bytes = new Uint8Array(await request.arrayBuffer().catch(() => new ArrayBuffer(0)));
  return bytes.byteLength > 0 ? bytes : null;
}

/** The answer for a missing or oversized file, or null when the bytes may go on to processing. */
export function refuseUpload(bytes: Uint8Array | null): Response | null {
  if (!bytes || bytes.byteLength === 0) return apiError(400, 'invalid_image', IMAGE_MESSAGES.unsupported_type());
  if (bytes.byteLength > BODY_LIMITS.image)
    return apiError(413, 'too_large', new ImageRejectedError('too_large', BODY_LIMITS.image).message);
  return null;
}

/** A refused image or a storage refusal as an answer; anything else is rethrown. */
export function uploadFailure(error: unknown): Response {
  if (error instanceof ImageRejectedError)
    return apiError(error.reason === 'too_large' ? 413 : 400, 'invalid_image', error.message);
  if (error instanceof ImageStoreError && error.status === 403)
    return apiError(403, 'forbidden', 'Your session cannot store files. Please sign in again.');
  throw error;
}
