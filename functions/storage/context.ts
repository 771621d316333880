import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../src/lib/db/schema.ts';
import type { SigningKey } from '../auth/keys.ts';
import { errors } from './errors.ts';
import type { FileStore } from './files.ts';
import { requesterFrom, type Requester } from './requester.ts';

/** What every handler of the storage service works with. */

export interface StorageServiceOptions {
  db: () => Promise<Kysely<Database>>;
  /** The local auth service's key: verifies access tokens, signs URL tokens. */
  signingKey: () => Promise<SigningKey>;
  /** Directory of the object files (STORAGE_DIR). */
  root: string;
  /** Largest upload in any bucket, in bytes (STORAGE_FILE_SIZE_LIMIT). */
  fileSizeLimit: number;
  /** Public API keys that stand for the anon role when sent as the bearer. */
  publicKeys?: readonly string[];
  /** Secret keys that stand for the service_role (the server's own background work). */
  secretKeys?: readonly string[];
  now?: () => number;
}

export interface StorageContext {
  options: StorageServiceOptions;
  files: FileStore;
  nowSeconds(): number;
  requester(request: Request): Promise<Requester>;
}

export function storageContext(options: StorageServiceOptions, files: FileStore): StorageContext {
  const now = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  return {
    options,
    files,
    nowSeconds,
    requester: (request) =>
      requesterFrom(request, {
        signingKey: options.signingKey,
        publicKeys: options.publicKeys ?? [],
        secretKeys: options.secretKeys ?? [],
        nowSeconds: nowSeconds(),
      }),
  };
}

export interface BucketRow {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** The bucket's settings, read as the server (as Supabase Storage reads them); NoSuchBucket when absent. */
export async function findBucket(db: Kysely<Database>, id: string): Promise<BucketRow> {
  const row = await db
    .selectFrom('storage.buckets')
    .select(['id', 'public', 'file_size_limit', 'allowed_mime_types'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw errors.noSuchBucket();
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

/** Small JSON bodies (list, sign, remove): bounded while read, then checked with `schema`. */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>, maxBytes = 256 * 1024): Promise<T> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw errors.entityTooLarge('request body');
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body.values({ preventCancel: true })) {
      size += chunk.byteLength;
      if (size > maxBytes) throw errors.entityTooLarge('request body');
      chunks.push(chunk);
    }
  }
  let value: unknown = {};
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw errors.invalidRequest('Body is not valid JSON');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw errors.invalidRequest(issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request body');
  }
  return parsed.data;
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** An object row as Supabase Storage's JSON answers show it. */
export function objectJson(row: {
  id: string;
  name: string | null;
  bucket_id: string | null;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
}): Record<string, unknown> {
  return {
    bucket_id: row.bucket_id,
    name: row.name,
    owner: row.owner ?? undefined,
    owner_id: row.owner_id ?? undefined,
    version: row.version ?? undefined,
    id: row.id,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}
