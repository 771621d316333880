import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the `storage` schema: on hosted Supabase, Supabase Storage's own tables;
 * in embedded and self-hosted modes, the mirror supabase/bootstrap/local-supabase.sql
 * creates for the local storage service (functions/storage). Only the columns both have.
 */

type NullableTimestamptz = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableJson = ColumnType<
  Record<string, unknown> | null,
  string | Record<string, unknown> | null | undefined,
  string | Record<string, unknown> | null
>;

export type StorageBucketType = 'STANDARD' | 'ANALYTICS' | 'VECTOR';

export interface StorageBucketsTable {
  id: string;
  name: string;
  /** Deprecated by Supabase in favour of owner_id. */
  owner: string | null;
  created_at: NullableTimestamptz;
  updated_at: NullableTimestamptz;
  public: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  avif_autodetection: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** Bytes; null: the service-wide limit. bigint, so node-postgres returns a string. */
  file_size_limit: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  allowed_mime_types: string[] | null;
  owner_id: string | null;
  type: Generated<StorageBucketType>;
}

/** What the storage service records about an object's bytes (Supabase's `metadata` shape). */
export interface StorageObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StorageObjectsTable {
  id: Generated<string>;
  bucket_id: string | null;
  name: string | null;
  /** Deprecated by Supabase in favour of owner_id. */
  owner: string | null;
  created_at: NullableTimestamptz;
  updated_at: NullableTimestamptz;
  last_accessed_at: NullableTimestamptz;
  metadata: NullableJson;
  /** string_to_array(name, '/'), generated. */
  path_tokens: ColumnType<string[] | null, never, never>;
  version: string | null;
  owner_id: string | null;
  user_metadata: NullableJson;
}

export interface StorageSchema {
  'storage.buckets': StorageBucketsTable;
  'storage.objects': StorageObjectsTable;
}
