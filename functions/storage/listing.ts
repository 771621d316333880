import { sql } from 'kysely';
import { z } from 'zod';
import { STORAGE_LIST_DEFAULTS } from '../../src/lib/storage/storage.ts';
import { findBucket, objectJson, readJsonBody, type StorageContext } from './context.ts';
import { fromDatabaseError, storageJson } from './errors.ts';
import { MAX_KEY_LENGTH, objectFilePath } from './paths.ts';
import { assertLiveSession, enterRequesterScope, type Requester } from './requester.ts';

/**
 * POST /object/list/<bucket> and DELETE /object/<bucket>, both as the requester: a list
 * shows only what the select policies let them see, a removal deletes only what the
 * delete (and select) policies allow and reports exactly what was deleted; a path they
 * may not touch is simply not in the answer, as on Supabase.
 */

/** At most this many entries per page, whatever the client asks. */
const MAX_LIST_LIMIT = 1000;
/** At most this many paths per removal, as on Supabase. */
export const MAX_REMOVE_PATHS = 1000;

const listSchema = z.object({
  prefix: z.string().max(MAX_KEY_LENGTH).default(''),
  limit: z.number().int().min(1).max(1_000_000).default(STORAGE_LIST_DEFAULTS.limit),
  offset: z.number().int().min(0).max(1_000_000_000).default(STORAGE_LIST_DEFAULTS.offset),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default(STORAGE_LIST_DEFAULTS.sortBy),
  search: z.string().max(MAX_KEY_LENGTH).default(''),
});

const likePattern = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

interface ListRow {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

export async function listObjects(ctx: StorageContext, request: Request, bucketId: string): Promise<Response> {
  const requester = await ctx.requester(request);
  const body = await readJsonBody(request, listSchema);
  const db = await ctx.options.db();
  await findBucket(db, bucketId);
  // `prefix` names a folder: "a/b" lists what is directly inside "a/b/".
  const prefix = body.prefix.replace(/^\/+/, '');
  const folder = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
  const limit = Math.min(body.limit, MAX_LIST_LIMIT);
  const direction = sql.raw(body.sortBy.order === 'desc' ? 'desc' : 'asc');
  // Folders sort among files by name; sorted by a date, folders (which have none) come first.
  const order =
    body.sortBy.column === 'name'
      ? sql`lower(name) collate "C" ${direction}, name collate "C" ${direction}`
      : sql`is_folder desc, ${sql.ref(body.sortBy.column)} ${direction}, name collate "C" asc`;
  try {
    const rows = await db.transaction().execute(async (trx) => {
      await assertLiveSession(trx, requester);
      await enterRequesterScope(trx, requester, 'object.list');
      const result = await sql<ListRow>`
        with matches as (
          select substr(o.name, ${folder.length + 1}) as rest, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
          from storage.objects o
          where o.bucket_id = ${bucketId} and o.name like ${`${likePattern(folder)}%`}
        ), entries as (
          select distinct split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
                 null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
                 true as is_folder
          from matches where strpos(rest, '/') > 0
          union all
          select rest, id, updated_at, created_at, last_accessed_at, metadata, false
          from matches where strpos(rest, '/') = 0
        )
        select name, id, updated_at, created_at, last_accessed_at, metadata from entries
        where lower(name) like ${`${likePattern(body.search.toLowerCase())}%`}
        order by ${order}
        limit ${limit} offset ${body.offset}
      `.execute(trx);
      return result.rows;
    });
    const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
    return storageJson(
      rows.map((row) => ({
        name: row.name,
        id: row.id,
        updated_at: iso(row.updated_at),
        created_at: iso(row.created_at),
        last_accessed_at: iso(row.last_accessed_at),
        metadata: row.metadata,
      })),
    );
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

const removeSchema = z.object({
  prefixes: z
    .array(
      z.union([
        z.string().max(MAX_KEY_LENGTH),
        z.object({ path: z.string().max(MAX_KEY_LENGTH), versionId: z.string().max(100).optional() }),
      ]),
    )
    .min(1, 'must name at least one path')
    .max(MAX_REMOVE_PATHS, `at most ${MAX_REMOVE_PATHS} paths per request`),
});

export async function removeObjects(ctx: StorageContext, request: Request, bucketId: string): Promise<Response> {
  const requester = await ctx.requester(request);
  const body = await readJsonBody(request, removeSchema, 2 * 1024 * 1024);
  // A plain path removes whatever is there; { path, versionId } only that version.
  const names = [
    ...new Set(
      body.prefixes.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.versionId ? [] : [entry.path])),
    ),
  ];
  const versioned = body.prefixes.flatMap((entry) =>
    typeof entry !== 'string' && entry.versionId ? [{ path: entry.path, version: entry.versionId }] : [],
  );
  const deleted = await deleteObjects(ctx, requester, bucketId, names, versioned);
  return storageJson(deleted.map(objectJson));
}

/** Deletes what the requester may delete among `names`; answers the rows deleted. */
export async function deleteObjects(
  ctx: StorageContext,
  requester: Requester,
  bucketId: string,
  names: string[],
  versioned: { path: string; version: string }[] = [],
) {
  const db = await ctx.options.db();
  await findBucket(db, bucketId);
  let deleted;
  try {
    deleted = await db.transaction().execute(async (trx) => {
      await assertLiveSession(trx, requester);
      await enterRequesterScope(trx, requester, 'object.delete');
      // RETURNING needs the select policy too: Supabase's "delete and select".
      return trx
        .deleteFrom('storage.objects')
        .where('bucket_id', '=', bucketId)
        .where((eb) =>
          eb.or([
            ...(names.length > 0 ? [eb('name', 'in', names)] : []),
            ...versioned.map(({ path, version }) => eb.and([eb('name', '=', path), eb('version', '=', version)])),
          ]),
        )
        .returning([
          'id',
          'name',
          'bucket_id',
          'owner',
          'owner_id',
          'version',
          'created_at',
          'updated_at',
          'last_accessed_at',
          'metadata',
          'user_metadata',
        ])
        .execute();
    });
  } catch (error) {
    throw fromDatabaseError(error);
  }
  // The rows are gone (committed); their files follow. A crash in between leaves only an
  // unreachable file, never a row without its file.
  for (const row of deleted) {
    if (!row.name || !row.version) continue;
    try {
      await ctx.files.discard(objectFilePath(ctx.files.root, bucketId, row.name, row.version));
    } catch (error) {
      console.error(`[storage] no file to remove for ${bucketId}/${row.name}: ${(error as Error).message}`);
    }
  }
  return deleted;
}
