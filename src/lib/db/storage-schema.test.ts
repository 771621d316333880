import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from './connect.server.ts';

// The local mirror of Supabase Storage's schema (supabase/bootstrap/local-supabase.sql):
// the helpers policies use behave as Supabase's, and the tables hold what storage-schema.ts says.

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(() => connection.close());

describe('storage schema', () => {
  it("splits paths as Supabase's foldername, filename and extension do", async () => {
    const { rows } = await sql<{ folders: string[]; file: string; ext: string; top: string[] }>`
      select storage.foldername('u1/sub/pic.final.webp') as folders, storage.filename('u1/sub/pic.final.webp') as file,
             storage.extension('u1/sub/pic.final.webp') as ext, storage.foldername('top.png') as top
    `.execute(connection.db);
    expect(rows[0]).toEqual({ folders: ['u1', 'sub'], file: 'pic.final.webp', ext: 'webp', top: [] });
  });

  it('has every column the Kysely types name, and the avatars bucket with its limits', async () => {
    const bucket = await connection.db
      .selectFrom('storage.buckets')
      .select([
        'id',
        'name',
        'owner',
        'owner_id',
        'created_at',
        'updated_at',
        'public',
        'avif_autodetection',
        'file_size_limit',
        'allowed_mime_types',
        'type',
      ])
      .where('id', '=', 'avatars')
      .executeTakeFirstOrThrow();
    expect(bucket).toMatchObject({
      public: true,
      file_size_limit: '5242880',
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
      type: 'STANDARD',
    });
    await connection.db
      .selectFrom('storage.objects')
      .select([
        'id',
        'bucket_id',
        'name',
        'owner',
        'owner_id',
        'created_at',
        'updated_at',
        'last_accessed_at',
        'metadata',
        'path_tokens',
        'version',
        'user_metadata',
      ])
      .execute();
  });

  it('refuses direct deletes, as Supabase does, and shows the API roles nothing without a policy', async () => {
    await expect(sql`delete from storage.objects`.execute(connection.db)).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    );
    const buckets = await asRole(connection, { kind: 'anon' }, (trx) =>
      trx.selectFrom('storage.buckets').select('id').execute(),
    );
    expect(buckets).toEqual([]);
  });
});
