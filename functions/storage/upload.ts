import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import type { StorageObjectMetadata } from '../../src/lib/db/storage-schema.ts';
import { findBucket, type StorageContext } from './context.ts';
import { fromDatabaseError, storageJson } from './errors.ts';
import type { ReceivedFile } from './files.ts';
import { objectFilePath } from './paths.ts';
import { assertLiveSession, enterRequesterScope, type Requester } from './requester.ts';
import { assertAllowedMimeType, readUploadBody } from './upload-body.ts';

/**
 * POST /object/<bucket>/<key> (x-upsert: true to replace) and PUT (always replaces).
 *
 * 1. The bucket's limits (size, types) are checked against what the request declares,
 *    before its body is read.
 * 2. The object row is written as the requester, then rolled back: a request the policies
 *    refuse is answered before a byte of the file is received (Supabase's "can upload").
 * 3. The bytes stream into a temporary file, refused past the limit.
 * 4. One transaction, as the requester again, writes the row (so the policies decide on
 *    what is really stored) and renames the file to its versioned name; the previous
 *    version's file goes once that has committed. Any failure removes the new file.
 */

type Trx = Transaction<Database>;

class RolledBack extends Error {}

interface ObjectWrite {
  id: string;
  bucketId: string;
  key: string;
  version: string;
  owner: string | null;
  metadata: Partial<StorageObjectMetadata>;
  userMetadata: Record<string, unknown> | null;
  upsert: boolean;
}

async function writeObjectRow(trx: Trx, write: ObjectWrite): Promise<void> {
  const metadata = JSON.stringify(write.metadata);
  const userMetadata = write.userMetadata === null ? null : JSON.stringify(write.userMetadata);
  // No RETURNING: an insert then needs only an insert policy, as on Supabase; an upsert
  // needs select and update policies too (ON CONFLICT reads and updates the old row).
  if (write.upsert) {
    await sql`
      insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
      values (${write.id}, ${write.bucketId}, ${write.key}, ${write.owner}, ${write.owner}, ${metadata}::jsonb,
              ${userMetadata}::jsonb, ${write.version})
      on conflict (bucket_id, name) do update
        set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
            user_metadata = excluded.user_metadata, version = excluded.version, last_accessed_at = now()
    `.execute(trx);
  } else {
    await sql`
      insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
      values (${write.id}, ${write.bucketId}, ${write.key}, ${write.owner}, ${write.owner}, ${metadata}::jsonb,
              ${userMetadata}::jsonb, ${write.version})
    `.execute(trx);
  }
}

async function asRequester<T>(ctx: StorageContext, requester: Requester, work: (trx: Trx) => Promise<T>): Promise<T> {
  const db = await ctx.options.db();
  try {
    return await db.transaction().execute(async (trx) => {
      await assertLiveSession(trx, requester);
      return work(trx);
    });
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

export async function uploadObject(
  ctx: StorageContext,
  request: Request,
  target: { bucketId: string; key: string; upsert: boolean },
): Promise<Response> {
  const requester = await ctx.requester(request);
  const db = await ctx.options.db();
  const bucket = await findBucket(db, target.bucketId);
  const limit = Math.min(bucket.fileSizeLimit ?? Infinity, ctx.options.fileSizeLimit);
  const body = await readUploadBody(request, limit);
  let received: ReceivedFile | undefined;
  let placed: string | undefined;
  try {
    assertAllowedMimeType(body.mimeType, bucket.allowedMimeTypes);
    const owner = requester.role === 'authenticated' ? requester.claims.sub : null;
    const write: ObjectWrite = {
      id: randomUUID(),
      bucketId: target.bucketId,
      key: target.key,
      version: randomUUID(),
      owner,
      metadata: {
        mimetype: body.mimeType,
        cacheControl: body.cacheControl,
        ...(body.declaredSize ? { contentLength: body.declaredSize, size: body.declaredSize } : {}),
      },
      userMetadata: body.userMetadata,
      upsert: target.upsert,
    };

    // 2. Would the policies accept it? (Rolled back whatever the answer.)
    await asRequester(ctx, requester, async (trx) => {
      await enterRequesterScope(trx, requester, 'object.upload');
      await writeObjectRow(trx, write);
      throw new RolledBack();
    }).catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });

    // 3. The bytes.
    received = await ctx.files.receive(body.content, limit);
    const file = received;
    const lastModified = new Date(ctx.nowSeconds() * 1000);
    write.metadata = {
      eTag: file.eTag,
      size: file.size,
      mimetype: body.mimeType,
      cacheControl: body.cacheControl,
      lastModified: lastModified.toISOString(),
      contentLength: file.size,
      httpStatusCode: 200,
    };

    // 4. Row and file together.
    const finalPath = objectFilePath(ctx.files.root, target.bucketId, target.key, write.version);
    const previous = await asRequester(ctx, requester, async (trx) => {
      const existing = await trx
        .selectFrom('storage.objects')
        .select(['id', 'version'])
        .where('bucket_id', '=', target.bucketId)
        .where('name', '=', target.key)
        .forUpdate()
        .executeTakeFirst();
      await enterRequesterScope(trx, requester, 'object.upload');
      await writeObjectRow(trx, write);
      await ctx.files.place(file, finalPath);
      placed = finalPath;
      return existing;
    });
    placed = undefined;
    received = undefined;
    if (previous?.version && previous.version !== write.version) {
      await ctx.files.discard(objectFilePath(ctx.files.root, target.bucketId, target.key, previous.version));
    }
    const id = target.upsert && previous ? previous.id : write.id;
    return storageJson({ Id: id, Key: `${target.bucketId}/${target.key}` });
  } catch (error) {
    if (placed) await ctx.files.discard(placed);
    if (received) await ctx.files.discard(received.path);
    throw error;
  }
}
