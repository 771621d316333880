import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../src/lib/db/schema.ts';
import { SIGNED_URL_EXPIRES_IN } from '../../src/lib/storage/storage.ts';
import { findBucket, readJsonBody, type StorageContext } from './context.ts';
import { errors, fromDatabaseError, storageJson } from './errors.ts';
import { objectFilePath } from './paths.ts';
import { assertLiveSession, enterRequesterScope, type Requester } from './requester.ts';
import { MAX_SIGNED_URL_EXPIRES_IN, signObjectUrl, verifyObjectUrl } from './signed-urls.ts';

/**
 * Reading objects:
 * - GET /object/public/<bucket>/<key>: public buckets only, no policy consulted (as on Supabase);
 * - GET /object/authenticated/<bucket>/<key> (and /object/<bucket>/<key>): as the requester,
 *   so the bucket's select policies decide;
 * - POST /object/sign/<bucket>/<key> makes a time-limited URL for an object the requester
 *   may read; GET /object/sign/<bucket>/<key>?token= serves it to anyone holding it;
 * - GET /object/info/[public/|authenticated/]<bucket>/<key>: the object's details as JSON.
 * Answers carry the object's own Cache-Control (long for the site's versioned images), a
 * strong ETag and Last-Modified, and 304 for a matching If-None-Match / If-Modified-Since.
 * Files are served from the site's own origin, so they come with `nosniff` and a sandboxing
 * Content-Security-Policy: an uploaded file can never run as a page of the site.
 */

interface StoredObject {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
}

export type ReadMode = 'public' | 'authenticated';

async function findObject(
  db: Kysely<Database>,
  bucketId: string,
  key: string,
  requester: Requester | null,
): Promise<StoredObject> {
  const query = (trx: Kysely<Database>) =>
    trx
      .selectFrom('storage.objects')
      .select(['id', 'name', 'bucket_id', 'version', 'created_at', 'updated_at', 'metadata', 'user_metadata'])
      .where('bucket_id', '=', bucketId)
      .where('name', '=', key)
      .executeTakeFirst();
  let row: Awaited<ReturnType<typeof query>>;
  try {
    row = requester
      ? await db.transaction().execute(async (trx) => {
          await assertLiveSession(trx, requester);
          await enterRequesterScope(trx, requester, 'object.get');
          return query(trx);
        })
      : await query(db);
  } catch (error) {
    throw fromDatabaseError(error);
  }
  if (!row || !row.name || !row.bucket_id) throw errors.noSuchKey();
  return { ...row, name: row.name, bucket_id: row.bucket_id };
}

/** The object a read request names, checked as that request's mode requires. */
async function resolve(
  ctx: StorageContext,
  request: Request,
  bucketId: string,
  key: string,
  mode: ReadMode,
): Promise<StoredObject> {
  const requester = mode === 'authenticated' ? await ctx.requester(request) : null;
  const db = await ctx.options.db();
  if (mode === 'public') {
    const bucket = await findBucket(db, bucketId);
    if (!bucket.public) throw errors.noSuchBucket();
  }
  return findObject(db, bucketId, key, requester);
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function notModified(request: Request, eTag: string | undefined, lastModified: Date | null): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    if (!eTag) return false;
    return ifNoneMatch.split(',').some((tag) => {
      const candidate = tag.trim().replace(/^W\//, '');
      return candidate === '*' || candidate === eTag;
    });
  }
  const ifModifiedSince = request.headers.get('if-modified-since');
  if (ifModifiedSince === null || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

async function serve(
  ctx: StorageContext,
  request: Request,
  object: StoredObject,
  cacheControl: (stored: string | undefined) => string,
  extra: Record<string, string> = {},
): Promise<Response> {
  if (!object.version) throw errors.noSuchKey();
  const metadata = object.metadata ?? {};
  const eTag = text(metadata.eTag);
  const lastModified = object.updated_at ? new Date(object.updated_at) : null;
  const headers: Record<string, string> = {
    'cache-control': cacheControl(text(metadata.cacheControl)),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'x-robots-tag': 'none',
    ...extra,
  };
  if (eTag) headers.etag = eTag;
  if (lastModified) headers['last-modified'] = lastModified.toUTCString();
  if (notModified(request, eTag, lastModified)) return new Response(null, { status: 304, headers });

  const file = await ctx.files.read(objectFilePath(ctx.files.root, object.bucket_id, object.name, object.version));
  if (!file) throw errors.noSuchKey();
  headers['content-type'] = text(metadata.mimetype) ?? 'application/octet-stream';
  headers['content-length'] = String(file.size);
  const download = new URL(request.url).searchParams.get('download');
  if (download !== null) {
    const name = encodeURIComponent(download.slice(0, 200));
    headers['content-disposition'] = name ? `attachment; filename=${name}; filename*=UTF-8''${name}` : 'attachment;';
  }
  if (request.method === 'HEAD') {
    await file.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(file.body, { status: 200, headers });
}

export async function downloadObject(
  ctx: StorageContext,
  request: Request,
  bucketId: string,
  key: string,
  mode: ReadMode,
): Promise<Response> {
  const object = await resolve(ctx, request, bucketId, key, mode);
  // What the uploader chose (the site's versioned images: a year). Shared caches may keep
  // public objects; an object read with a user's token stays in that user's browser.
  return serve(ctx, request, object, (stored) => {
    const value = stored ?? 'no-cache';
    return mode === 'public' ? value : `private, ${value}`;
  });
}

export async function objectInfo(
  ctx: StorageContext,
  request: Request,
  bucketId: string,
  key: string,
  mode: ReadMode,
): Promise<Response> {
  const object = await resolve(ctx, request, bucketId, key, mode);
  const metadata = object.metadata ?? {};
  return storageJson({
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: typeof metadata.size === 'number' ? metadata.size : null,
    content_type: text(metadata.mimetype) ?? null,
    cache_control: text(metadata.cacheControl) ?? null,
    etag: text(metadata.eTag) ?? null,
    metadata: object.user_metadata,
    last_modified: object.updated_at ? new Date(object.updated_at).toISOString() : null,
    created_at: object.created_at ? new Date(object.created_at).toISOString() : null,
  });
}

const signSchema = z.object({
  expiresIn: z
    .number()
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(MAX_SIGNED_URL_EXPIRES_IN, `must be at most ${MAX_SIGNED_URL_EXPIRES_IN} seconds`)
    .optional(),
  transform: z.record(z.string(), z.unknown()).optional(),
});

export async function createSignedUrl(
  ctx: StorageContext,
  request: Request,
  bucketId: string,
  key: string,
): Promise<Response> {
  const requester = await ctx.requester(request);
  const body = await readJsonBody(request, signSchema);
  if (body.transform && Object.keys(body.transform).length > 0) {
    throw errors.invalidRequest('Image transformations are not available on this storage service');
  }
  // Only an object the requester may read can be signed: the URL passes that right on.
  await findObject(await ctx.options.db(), bucketId, key, requester);
  const expiresIn = body.expiresIn ?? SIGNED_URL_EXPIRES_IN;
  const signedURL = await signObjectUrl(await ctx.options.signingKey(), bucketId, key, expiresIn, ctx.nowSeconds());
  return storageJson({ signedURL });
}

export async function downloadSigned(
  ctx: StorageContext,
  request: Request,
  bucketId: string,
  key: string,
): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) throw errors.invalidRequest('Missing Required Parameter token');
  const now = ctx.nowSeconds();
  const expires = await verifyObjectUrl(await ctx.options.signingKey(), token, bucketId, key, now);
  const object = await findObject(await ctx.options.db(), bucketId, key, null);
  const remaining = Math.max(0, expires - now);
  return serve(
    ctx,
    request,
    object,
    (stored) => {
      const maxAge = Number(/max-age=(\d+)/.exec(stored ?? '')?.[1] ?? 0);
      return `private, max-age=${Math.min(maxAge, remaining)}`;
    },
    { expires: new Date(expires * 1000).toUTCString() },
  );
}
