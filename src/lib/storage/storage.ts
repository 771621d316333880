/**
 * Constants and URL rules of the site's use of Supabase Storage, the same in every mode
 * (hosted Supabase Storage, or the local service at /storage/v1). Pure: importable anywhere.
 */

/**
 * How long a signed URL works when the caller does not say (the service's default too).
 * Uploads that choose no cache lifetime get 3600 s as well: storage-js's default cacheControl.
 */
export const SIGNED_URL_EXPIRES_IN = 3600;
/** Files whose name carries a content version never change: browsers and CDNs may keep them a year. */
export const VERSIONED_UPLOAD_CACHE_SECONDS = 31_536_000;
/** Storage list defaults: 100 entries from the first, by name ascending. */
export const STORAGE_LIST_DEFAULTS = { limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } } as const;

/**
 * The public URL of an object in a public bucket, exactly as storage-js's getPublicUrl
 * builds it, from a base chosen by configuration (never from a request's Host).
 */
export function publicObjectUrl(baseUrl: string, bucket: string, path: string): string {
  return encodeURI(`${baseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${path.replace(/^\/+/, '')}`);
}

/** `<folder>/<base>-<variant>-<version>.<extension>`: a new version is a new name, so long caching stays correct. */
export function versionedObjectPath(
  folder: string,
  base: string,
  variant: string,
  version: string,
  extension: string,
): string {
  return `${folder}/${base}-${variant}-${version}.${extension}`;
}

/** Whether `name` (a file name inside a folder) is one of the versioned files of `base` (variant names are [a-z0-9]+). */
export function isVersionOf(name: string, base: string): boolean {
  return name.startsWith(`${base}-`) && /^[a-z0-9]+-[0-9a-f]{16}\.[a-z0-9]+$/.test(name.slice(base.length + 1));
}
