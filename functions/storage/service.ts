import { storageContext, type StorageServiceOptions } from './context.ts';
import { createSignedUrl, downloadObject, downloadSigned, objectInfo } from './download.ts';
import { errors, fromDatabaseError, storageErrorResponse, storageJson, StorageError } from './errors.ts';
import { FileStore } from './files.ts';
import { deleteObjects, listObjects, removeObjects } from './listing.ts';
import { assertValidBucketId, bucketAndKey } from './paths.ts';
import { uploadObject } from './upload.ts';

/**
 * The local Supabase-Storage-compatible service (embedded and self-hosted modes): the
 * subset of Supabase Storage's object API that @supabase/storage-js 2.119 uses for the
 * site, at `<origin>/storage/v1`. Request in, Response out, like the local auth service,
 * so it is tested directly and mounted by one Astro endpoint.
 *
 *   POST   /object/<bucket>/<key>                 upload (x-upsert: true replaces)
 *   PUT    /object/<bucket>/<key>                 upload, replacing
 *   GET    /object/public/<bucket>/<key>          public bucket download
 *   GET    /object/authenticated/<bucket>/<key>   download as the requester (also /object/<bucket>/<key>)
 *   GET    /object/info/[public/|authenticated/]<bucket>/<key>
 *   POST   /object/list/<bucket>                  { prefix, limit, offset, sortBy, search }
 *   POST   /object/sign/<bucket>/<key>            { expiresIn } -> { signedURL }
 *   GET    /object/sign/<bucket>/<key>?token=     signed download
 *   DELETE /object/<bucket>                       { prefixes } -> the deleted objects
 *   DELETE /object/<bucket>/<key>                 one object
 * HEAD works wherever GET does.
 */

export function createStorageService(options: StorageServiceOptions) {
  const files = new FileStore(options.root);
  const ctx = storageContext(options, files);
  void files.sweepStaleUploads();

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const rest = url.pathname.replace(/^.*?\/storage\/v1/, '');
    const segments = rest.split('/').slice(1);
    if (segments[0] !== 'object' || segments.length < 2) throw errors.notFound();
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const [, first = '', ...after] = segments;

    switch (first) {
      case 'public':
      case 'authenticated': {
        if (method !== 'GET') throw errors.methodNotAllowed();
        const { bucketId, key } = bucketAndKey(after);
        return downloadObject(ctx, request, bucketId, key, first);
      }
      case 'info': {
        if (method !== 'GET') throw errors.methodNotAllowed();
        const mode = after[0] === 'public' ? 'public' : 'authenticated';
        const { bucketId, key } = bucketAndKey(
          after[0] === 'public' || after[0] === 'authenticated' ? after.slice(1) : after,
        );
        return objectInfo(ctx, request, bucketId, key, mode);
      }
      case 'list': {
        if (method !== 'POST') throw errors.methodNotAllowed();
        if (after.length !== 1) throw errors.notFound();
        const bucketId = decodeURIComponent(after[0]!);
        assertValidBucketId(bucketId);
        return listObjects(ctx, request, bucketId);
      }
      case 'sign': {
        const { bucketId, key } = bucketAndKey(after);
        if (method === 'POST') return createSignedUrl(ctx, request, bucketId, key);
        if (method === 'GET') return downloadSigned(ctx, request, bucketId, key);
        throw errors.methodNotAllowed();
      }
      default: {
        if (after.length === 0 && method === 'DELETE') {
          const bucketId = decodeURIComponent(first);
          assertValidBucketId(bucketId);
          return removeObjects(ctx, request, bucketId);
        }
        const { bucketId, key } = bucketAndKey([first, ...after]);
        if (method === 'POST' || method === 'PUT') {
          const upsert = method === 'PUT' || request.headers.get('x-upsert') === 'true';
          return uploadObject(ctx, request, { bucketId, key, upsert });
        }
        if (method === 'GET') return downloadObject(ctx, request, bucketId, key, 'authenticated');
        if (method === 'DELETE') {
          const deleted = await deleteObjects(ctx, await ctx.requester(request), bucketId, [key]);
          if (deleted.length === 0) throw errors.noSuchKey();
          return storageJson({ message: 'Successfully deleted' });
        }
        throw errors.methodNotAllowed();
      }
    }
  }

  return async function handleStorageRequest(request: Request): Promise<Response> {
    const isUpload = request.method === 'POST' || request.method === 'PUT';
    try {
      // Loaded (generated and stored on first use) before any transaction opens: on the
      // embedded database a query outside the open transaction would wait forever.
      await options.signingKey();
      return await route(request);
    } catch (caught) {
      const error = fromDatabaseError(caught);
      let response: Response;
      if (error instanceof StorageError) {
        response = storageErrorResponse(error);
      } else if (error instanceof URIError) {
        response = storageErrorResponse(errors.invalidRequest('Malformed path'));
      } else {
        console.error(
          `[storage] ${request.method} ${new URL(request.url).pathname}: ${(error as Error)?.message ?? error}`,
        );
        response = storageErrorResponse(errors.internal());
      }
      // A refused upload's body is left unread: the connection closes after the answer.
      if (isUpload) response.headers.set('connection', 'close');
      return response;
    }
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
