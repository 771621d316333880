import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from '../config/env.ts';
import type { ImageVariant } from '../images/images.server.ts';
import {
  isVersionOf,
  publicObjectUrl,
  STORAGE_LIST_DEFAULTS,
  VERSIONED_UPLOAD_CACHE_SECONDS,
  versionedObjectPath,
} from './storage.ts';

/**
 * Stores the variants of a processed image (processImage) through supabase-js's Storage
 * API with the caller's client: the signed-in user's session, so the bucket's policies
 * decide, and the same code runs against hosted Supabase Storage and the local service.
 *
 * The result is keyed by variant name ("256"), and by name and format ("w300.avif") for the
 * variants that are not WebP.
 *
 * Each file name carries a version taken from its content, so it can be cached for a year
 * (`Cache-Control: max-age=31536000`): a new picture is a new URL. Once every new variant
 * is stored, the previous versions of the same image in the folder are removed; when a
 * variant fails, the ones this call added are removed again and nothing changes.
 */

export interface StoredImageVariant {
  path: string;
  publicUrl: string;
  width: number;
  height: number;
}

export interface StoreImageVariantsInput {
  bucket: string;
  /** The folder the policies key on, e.g. the user's id in avatars. */
  folder: string;
  /** The image's name within the folder, e.g. "avatar" -> avatar-256-<version>.webp. */
  baseName: string;
  variants: readonly ImageVariant[];
  /** Base of the public URLs; defaults to storagePublicBaseUrl(). */
  publicBaseUrl?: string;
  /**
   * One version for every variant (16 hex digits, e.g. from the source's bytes), so one stored
   * name gives the others (covers). Absent, each variant's version is the hash of its bytes.
   */
  version?: string;
}

export class ImageStoreError extends Error {
  /** The storage error's status (403 refused by a policy, 404 no such bucket, 413, 415, ...). */
  readonly status: number;
  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageStoreError';
    this.status = status;
  }
}

/** Where public URLs point: the hosted project, or this site (SITE_URL or the local default). */
export function storagePublicBaseUrl(): string {
  const env = getEnv();
  return env.SUPABASE_URL ?? env.siteOrigin;
}

const contentVersion = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

function failure(action: string, error: { message: string; statusCode?: string | undefined }): ImageStoreError {
  const status = Number(error.statusCode ?? 500) || 500;
  return new ImageStoreError(`Could not ${action}: ${error.message}`, status, { cause: error });
}

export async function storeImageVariants(
  supabase: SupabaseClient,
  input: StoreImageVariantsInput,
): Promise<Record<string, StoredImageVariant>> {
  const bucket = supabase.storage.from(input.bucket);
  const base = input.publicBaseUrl ?? storagePublicBaseUrl();
  const stored: Record<string, StoredImageVariant> = {};
  const added: string[] = [];
  for (const variant of input.variants) {
    const version = input.version ?? contentVersion(variant.bytes);
    const path = versionedObjectPath(input.folder, input.baseName, variant.name, version, variant.format);
    const { error } = await bucket.upload(path, variant.bytes, {
      contentType: variant.contentType,
      cacheControl: String(VERSIONED_UPLOAD_CACHE_SECONDS),
      upsert: false,
    });
    // Already there: the same name means the same bytes (the version is their hash).
    const alreadyStored = (error as { statusCode?: string } | null)?.statusCode === '409';
    if (error && !alreadyStored) {
      if (added.length > 0) await bucket.remove(added);
      throw failure(`store ${path}`, error);
    }
    if (!alreadyStored) added.push(path);
    stored[variant.format === 'webp' ? variant.name : `${variant.name}.${variant.format}`] = {
      path,
      publicUrl: publicObjectUrl(base, input.bucket, path),
      width: variant.width,
      height: variant.height,
    };
  }

  const keep = new Set(Object.values(stored).map((entry) => entry.path));
  const previous: string[] = [];
  const pageSize = STORAGE_LIST_DEFAULTS.limit;
  for (let offset = 0; ; offset += pageSize) {
    const { data, error } = await bucket.list(input.folder, { limit: pageSize, offset, search: `${input.baseName}-` });
    if (error) throw failure(`list ${input.folder}`, error);
    for (const entry of data) {
      const path = `${input.folder}/${entry.name}`;
      if (entry.id && isVersionOf(entry.name, input.baseName) && !keep.has(path)) previous.push(path);
    }
    if (data.length < pageSize) break;
  }
  if (previous.length > 0) {
    const { error } = await bucket.remove(previous);
    if (error) throw failure('remove the previous versions', error);
  }
  return stored;
}
