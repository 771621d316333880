import path from 'node:path';
import { errors } from './errors.ts';

/**
 * Object keys and bucket ids, and where an object's bytes live on disk.
 *
 * Keys accept Supabase Storage's character set (the S3-safe characters), and are refused
 * here, before anything touches the database or the disk, when they could mean something
 * else on a file system: empty segments, `.` and `..`, a leading slash, or a name too long
 * for one directory entry. On disk every segment is percent-encoded outside a small safe
 * set (so `:`, `*`, `?` and `@` never reach the file system as themselves, and a leading dot
 * cannot make a hidden or special entry), and the object's version is appended to the last
 * segment after an `@`, which an encoded segment can never contain:
 *
 *   avatars/1b7e…/avatar-256.webp, version 5f2c…  ->  <root>/avatars/1b7e…/avatar-256.webp@5f2c…
 *
 * so replacing an object writes a new file beside the old one (atomic for readers), and a
 * folder `a/` never collides with an object `a`.
 */

/** S3's and Supabase's limit on a key. */
export const MAX_KEY_LENGTH = 1024;
/** One directory entry: 255 bytes on common file systems, less room for `@<version>`. */
const MAX_DISK_SEGMENT_BYTES = 255 - 1 - 36;

const VALID_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const VALID_BUCKET = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;
const DISK_SAFE = /[A-Za-z0-9_.!'()&$=;+, -]/;
const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The name a key segment (or bucket id) has on disk. */
export function diskSegment(segment: string): string {
  let out = '';
  for (const [index, char] of [...segment].entries()) {
    const safe = DISK_SAFE.test(char) && !(index === 0 && char === '.');
    out += safe ? char : `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Throws InvalidKey unless `key` is a usable object key. */
export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !VALID_KEY.test(key)) throw errors.invalidKey(key);
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw errors.invalidKey(key);
    if (Buffer.byteLength(diskSegment(segment)) > MAX_DISK_SEGMENT_BYTES) throw errors.invalidKey(key);
  }
}

export function assertValidBucketId(id: string): void {
  if (id.length === 0 || id.length > 100 || !VALID_BUCKET.test(id) || id === '.' || id === '..')
    throw errors.invalidBucketName(id);
}

/**
 * Splits `/object/<bucket>/<key…>` style path segments (still percent-encoded, as they
 * arrived in the URL) into a bucket id and a key, both validated.
 */
export function bucketAndKey(segments: string[]): { bucketId: string; key: string } {
  const [rawBucket, ...rest] = segments;
  const bucketId = decodeSegment(rawBucket ?? '');
  assertValidBucketId(bucketId);
  const key = rest.map((segment) => decodeSegment(segment)).join('/');
  assertValidKey(key);
  return { bucketId, key };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.invalidKey(segment);
  }
}

/** The file that holds version `version` of `bucketId/key`, inside `root`. */
export function objectFilePath(root: string, bucketId: string, key: string, version: string): string {
  if (!VERSION.test(version)) throw new Error(`not an object version: ${version}`);
  const segments = key.split('/').map(diskSegment);
  const last = segments.pop()!;
  const base = path.resolve(root);
  const file = path.join(base, diskSegment(bucketId), ...segments, `${last}@${version}`);
  // Defence in depth: validation already makes this impossible.
  if (!file.startsWith(base + path.sep)) throw errors.invalidKey(key);
  return file;
}
