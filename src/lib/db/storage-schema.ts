import type { Selectable } from 'kysely';
import type { StorageBucketsTable, StorageTables } from './schema.generated.ts';

/**
 * The `storage` schema: on hosted Supabase, Supabase Storage's own tables; in embedded and
 * self-hosted modes, the mirror supabase/bootstrap/local-supabase.sql creates for the local
 * storage service (functions/storage), with only the columns both have. The table types
 * are generated with the others (schema.generated.ts).
 */

export type { StorageBucketsTable, StorageObjectsTable } from './schema.generated.ts';

/** The storage tables, as `Database` includes them ('storage.buckets', 'storage.objects'). */
export type StorageSchema = StorageTables;

export type StorageBucketType = Selectable<StorageBucketsTable>['type'];

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
