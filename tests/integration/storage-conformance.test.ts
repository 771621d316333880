import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { BOOTSTRAP_FILE, migrate, readMigrationFiles } from '../../src/lib/db/migrations.server.ts';
import { createEmptyPostgres, createTestDatabase } from '../helpers/database.ts';
import { startTestStorageServer, type TestStorageServer } from '../helpers/storage-server.ts';

/**
 * The local storage service driven by @supabase/supabase-js itself, as the site's server
 * and browser clients drive it, over a real HTTP server: the avatars bucket and its
 * policies from supabase/migrations, users signed in through the local auth service.
 * On PGlite (embedded mode) always, and on PostgreSQL (self-hosted mode) when
 * TEST_DATABASE_URL is set: the policies run as real roles in both.
 */

const bytes = (size: number, fill = 7) => Buffer.alloc(size, fill);

/** A fresh PostgreSQL database, bootstrapped and migrated as a self-hosted server does it. */
async function migratedPostgres(): Promise<DatabaseConnection> {
  const connection = (await createEmptyPostgres())!;
  await migrate(connection.db, {
    files: await readMigrationFiles(),
    bootstrapSql: await readFile(BOOTSTRAP_FILE, 'utf8'),
  });
  return connection;
}

const targets = [
  { name: 'embedded (PGlite)', open: () => createTestDatabase(), skip: false },
  {
    name: 'self-hosted (PostgreSQL at TEST_DATABASE_URL)',
    open: migratedPostgres,
    skip: !process.env.TEST_DATABASE_URL,
  },
];

for (const target of targets)
  describe.skipIf(target.skip)(target.name, () => {
    let database: DatabaseConnection;
    let server: TestStorageServer;
    let alice: { id: string; client: SupabaseClient };
    let bob: { id: string; client: SupabaseClient };
    let anon: SupabaseClient;

    /** Every object file on disk, relative to STORAGE_DIR (temporary uploads included). */
    async function filesOnDisk(): Promise<string[]> {
      const entries = await readdir(server.storageDir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(server.storageDir, path.join(entry.parentPath, entry.name)))
        .sort();
    }

    async function objectNames(): Promise<string[]> {
      const rows = await database.db.selectFrom('storage.objects').select('name').orderBy('name').execute();
      return rows.map((row) => row.name!);
    }

    beforeAll(async () => {
      database = await target.open();
      server = await startTestStorageServer(database);
      [alice, bob] = [await server.signedInUser(), await server.signedInUser()];
      anon = server.client();
    });

    afterAll(async () => {
      await server.close();
      await database.close();
    });

    describe('uploads and public URLs', () => {
      it('uploads into the own folder and serves it at its public URL with long-lived caching and ETag revalidation', async () => {
        const avatars = alice.client.storage.from('avatars');
        const body = bytes(1000, 1);
        const { data, error } = await avatars.upload(`${alice.id}/first.png`, body, {
          contentType: 'image/png',
          cacheControl: '31536000',
        });
        expect(error).toBeNull();
        expect(data).toMatchObject({ path: `${alice.id}/first.png`, fullPath: `avatars/${alice.id}/first.png` });
        expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

        const { publicUrl } = avatars.getPublicUrl(`${alice.id}/first.png`).data;
        expect(publicUrl).toBe(`${server.url}/storage/v1/object/public/avatars/${alice.id}/first.png`);
        const response = await fetch(publicUrl);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        expect(response.headers.get('cache-control')).toBe('max-age=31536000');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(Buffer.from(await response.arrayBuffer())).toEqual(body);
        const eTag = response.headers.get('etag')!;
        expect(eTag).toMatch(/^"[0-9a-f]{32}"$/);

        const again = await fetch(publicUrl, { headers: { 'if-none-match': eTag } });
        expect(again.status).toBe(304);
        expect(await fetch(publicUrl, { headers: { 'if-none-match': '"stale"' } }).then((r) => r.status)).toBe(200);
      });

      it('uploads a Blob as multipart form data, with its own type and the 3600 s default cache', async () => {
        const avatars = alice.client.storage.from('avatars');
        const { error } = await avatars.upload(
          `${alice.id}/blob.webp`,
          new Blob([bytes(300, 2)], { type: 'image/webp' }),
        );
        expect(error).toBeNull();
        const response = await fetch(avatars.getPublicUrl(`${alice.id}/blob.webp`).data.publicUrl);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(response.headers.get('cache-control')).toBe('max-age=3600');
        expect((await response.arrayBuffer()).byteLength).toBe(300);
      });

      it('refuses a second upload to a taken path, and replaces it with upsert, leaving one file', async () => {
        const avatars = alice.client.storage.from('avatars');
        const key = `${alice.id}/replace.png`;
        expect((await avatars.upload(key, bytes(10, 3), { contentType: 'image/png' })).error).toBeNull();
        const duplicate = await avatars.upload(key, bytes(10, 4), { contentType: 'image/png' });
        expect(duplicate.error).toMatchObject({
          name: 'StorageApiError',
          statusCode: '409',
          message: 'The resource already exists',
        });

        const upsert = await avatars.upload(key, bytes(20, 5), { contentType: 'image/png', upsert: true });
        expect(upsert.error).toBeNull();
        const served = Buffer.from(await (await fetch(avatars.getPublicUrl(key).data.publicUrl)).arrayBuffer());
        expect(served).toEqual(bytes(20, 5));
        expect((await filesOnDisk()).filter((file) => file.includes('replace.png'))).toHaveLength(1);
      });

      it('downloads for the owner through the authenticated route, and hides the file from others', async () => {
        const key = `${alice.id}/private-read.png`;
        await alice.client.storage.from('avatars').upload(key, bytes(50, 6), { contentType: 'image/png' });
        const own = await alice.client.storage.from('avatars').download(key);
        expect(own.error).toBeNull();
        expect((await own.data!.arrayBuffer()).byteLength).toBe(50);
        const other = await bob.client.storage.from('avatars').download(key);
        expect(other.error).not.toBeNull();
        expect(await alice.client.storage.from('avatars').exists(key)).toMatchObject({ data: true });
        expect((await bob.client.storage.from('avatars').exists(key)).data).toBe(false);
      });
    });

    describe('listing', () => {
      it('lists a folder sorted by name ascending, 100 at a time by default, with paging and folders', async () => {
        const folder = `${bob.id}`;
        const avatars = bob.client.storage.from('avatars');
        for (const name of ['c.png', 'A.png', 'b.png', 'nested/deep.png']) {
          expect((await avatars.upload(`${folder}/${name}`, bytes(5), { contentType: 'image/png' })).error).toBeNull();
        }
        const { data, error } = await avatars.list(folder);
        expect(error).toBeNull();
        expect(data!.map((entry) => entry.name)).toEqual(['A.png', 'b.png', 'c.png', 'nested']);
        expect(data!.find((entry) => entry.name === 'nested')).toMatchObject({ id: null, metadata: null });
        expect(data!.find((entry) => entry.name === 'b.png')!.metadata).toMatchObject({
          size: 5,
          mimetype: 'image/png',
        });

        const page1 = await avatars.list(folder, { limit: 2 });
        const page2 = await avatars.list(folder, { limit: 2, offset: 2 });
        expect(page1.data!.map((entry) => entry.name)).toEqual(['A.png', 'b.png']);
        expect(page2.data!.map((entry) => entry.name)).toEqual(['c.png', 'nested']);
        const descending = await avatars.list(folder, { sortBy: { column: 'name', order: 'desc' } });
        expect(descending.data!.map((entry) => entry.name)).toEqual(['nested', 'c.png', 'b.png', 'A.png']);
        const searched = await avatars.list(folder, { search: 'B' });
        expect(searched.data!.map((entry) => entry.name)).toEqual(['b.png']);
        expect((await avatars.list(`${folder}/nested`)).data!.map((entry) => entry.name)).toEqual(['deep.png']);
      });

      it('answers 100 entries by default, from the first, whether or not the client sends the defaults', async () => {
        const user = await server.signedInUser();
        // 120 objects straight into the table (their bytes do not matter to a listing).
        const rows = Array.from({ length: 120 }, (_, i) => ({
          bucket_id: 'avatars',
          name: `${user.id}/file-${String(i).padStart(3, '0')}.png`,
          owner_id: user.id,
          metadata: JSON.stringify({ size: 1 }),
        }));
        await database.db.insertInto('storage.objects').values(rows).execute();
        const { data } = await user.client.storage.from('avatars').list(user.id);
        expect(data).toHaveLength(100);
        expect(data![0]!.name).toBe('file-000.png');
        expect(data![99]!.name).toBe('file-099.png');

        const token = (await user.client.auth.getSession()).data.session!.access_token;
        const raw = await fetch(`${server.url}/storage/v1/object/list/avatars`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ prefix: user.id }),
        });
        const names = ((await raw.json()) as { name: string }[]).map((entry) => entry.name);
        expect(names).toEqual(data!.map((entry) => entry.name));
      });

      it('shows nobody else the folder', async () => {
        const { data, error } = await alice.client.storage.from('avatars').list(bob.id);
        expect(error).toBeNull();
        expect(data).toEqual([]);
        expect((await anon.storage.from('avatars').list(bob.id)).data).toEqual([]);
      });
    });

    describe('signed URLs', () => {
      it('signs an object the requester may read; the URL opens that object only', async () => {
        const key = `${alice.id}/signed.png`;
        await alice.client.storage.from('avatars').upload(key, bytes(64, 9), { contentType: 'image/png' });
        const { data, error } = await alice.client.storage.from('avatars').createSignedUrl(key, 3600);
        expect(error).toBeNull();
        const response = await fetch(data!.signedUrl);
        expect(response.status).toBe(200);
        expect(response.headers.get('expires')).not.toBeNull();
        expect((await response.arrayBuffer()).byteLength).toBe(64);

        const token = new URL(data!.signedUrl).searchParams.get('token')!;
        const lifetime = (jwt: string) => {
          const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
            iat: number;
            exp: number;
          };
          return claims.exp - claims.iat;
        };
        expect(lifetime(token)).toBe(3600);
        const session = (await alice.client.auth.getSession()).data.session!;
        const unspecified = await fetch(`${server.url}/storage/v1/object/sign/avatars/${key}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        const { signedURL } = (await unspecified.json()) as { signedURL: string };
        expect(lifetime(new URL(signedURL, server.url).searchParams.get('token')!)).toBe(3600);

        const elsewhere = await fetch(
          `${server.url}/storage/v1/object/sign/avatars/${alice.id}/first.png?token=${token}`,
        );
        expect(elsewhere.status).toBe(400);
        expect(await elsewhere.json()).toMatchObject({ code: 'InvalidSignature' });

        const stranger = await bob.client.storage.from('avatars').createSignedUrl(key, 3600);
        expect(stranger.error).toMatchObject({ statusCode: '404' });
      });
    });

    describe('removal', () => {
      it("removes own files (rows and bytes) and reports what it removed; others' files stay", async () => {
        const mine = `${alice.id}/remove-me.png`;
        const theirs = `${bob.id}/keep-me.png`;
        await alice.client.storage.from('avatars').upload(mine, bytes(8), { contentType: 'image/png' });
        await bob.client.storage.from('avatars').upload(theirs, bytes(8), { contentType: 'image/png' });

        const stranger = await alice.client.storage.from('avatars').remove([theirs]);
        expect(stranger).toEqual({ data: [], error: null });
        expect(await objectNames()).toContain(theirs);

        const { data, error } = await alice.client.storage
          .from('avatars')
          .remove([mine, `${alice.id}/never-existed.png`]);
        expect(error).toBeNull();
        expect(data!.map((object) => object.name)).toEqual([mine]);
        expect(await objectNames()).not.toContain(mine);
        expect((await filesOnDisk()).some((file) => file.includes('remove-me.png'))).toBe(false);
        const gone = await fetch(alice.client.storage.from('avatars').getPublicUrl(mine).data.publicUrl);
        expect(gone.status).toBe(400);
        expect(await gone.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
      });
    });

    describe('refusals leave nothing behind', () => {
      async function expectRefused(
        attempt: Promise<{ error: unknown }>,
        expected: { statusCode: string; message?: string | RegExp },
      ): Promise<void> {
        const rowsBefore = await objectNames();
        const filesBefore = await filesOnDisk();
        const { error } = await attempt;
        expect(error).toMatchObject({ name: 'StorageApiError', statusCode: expected.statusCode });
        if (expected.message) expect((error as Error).message).toMatch(expected.message);
        expect(await objectNames()).toEqual(rowsBefore);
        expect(await filesOnDisk()).toEqual(filesBefore);
      }

      it("refuses a write into another user's folder", async () => {
        await expectRefused(
          bob.client.storage
            .from('avatars')
            .upload(`${alice.id}/intruder.png`, bytes(10), { contentType: 'image/png' }),
          { statusCode: '403', message: 'new row violates row-level security policy' },
        );
        await expectRefused(
          bob.client.storage
            .from('avatars')
            .upload(`${alice.id}/first.png`, bytes(10), { contentType: 'image/png', upsert: true }),
          { statusCode: '403' },
        );
      });

      it('refuses an anonymous write', async () => {
        await expectRefused(
          anon.storage.from('avatars').upload(`${alice.id}/anon.png`, bytes(10), { contentType: 'image/png' }),
          {
            statusCode: '403',
          },
        );
      });

      it('refuses a type the bucket does not allow', async () => {
        await expectRefused(
          alice.client.storage.from('avatars').upload(`${alice.id}/notes.txt`, 'hello', { contentType: 'text/plain' }),
          {
            statusCode: '415',
            message: 'mime type text/plain is not supported',
          },
        );
      });

      it('refuses a file over the bucket limit before reading its body, raw or multipart', async () => {
        const key = `${alice.id}/huge.png`;
        await expectRefused(
          alice.client.storage.from('avatars').upload(key, bytes(5 * 1024 * 1024 + 1), { contentType: 'image/png' }),
          {
            statusCode: '413',
            message: 'The object exceeded the maximum allowed size',
          },
        );
        expect(server.bytesRead.get(`/storage/v1/object/avatars/${key}`) ?? 0).toBeLessThan(1024 * 1024);
        await expectRefused(
          alice.client.storage
            .from('avatars')
            .upload(`${alice.id}/huge-blob.png`, new Blob([bytes(5 * 1024 * 1024 + 1)], { type: 'image/png' })),
          { statusCode: '413' },
        );
      });

      it('refuses path traversal and oversized paths', async () => {
        const avatars = alice.client.storage.from('avatars');
        const png = { contentType: 'image/png' };
        await expectRefused(avatars.upload(`${alice.id}/..%2F..%2Fescape.png`, bytes(4), png), {
          statusCode: '400',
          message: /^Invalid key/,
        });
        await expectRefused(avatars.upload(`${alice.id}/${'x'.repeat(1100)}.png`, bytes(4), png), {
          statusCode: '400',
          message: /^Invalid key/,
        });
        await expectRefused(avatars.upload(`${alice.id}/${'y'.repeat(230)}.png`, bytes(4), png), { statusCode: '400' });
        await expectRefused(avatars.upload(`${alice.id}/100%25.png`, bytes(4), png), {
          statusCode: '400',
          message: /^Invalid key/,
        });

        // Reads too: an encoded `../` never reaches the disk (a literal one is resolved by the URL).
        for (const trick of [
          '..%2F..%2F..%2Fetc%2Fpasswd',
          '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
          'ok%2F..%2F..%2F..%2Fpasswd',
        ]) {
          const response = await fetch(`${server.url}/storage/v1/object/public/avatars/${alice.id}/${trick}`);
          expect(response.status).toBe(400);
          expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
        }
      });

      it('refuses a forged token and an unknown bucket', async () => {
        const forged = createClient(server.url, server.anonKey, {
          global: { headers: { Authorization: `Bearer ${'e30'}.${'e30'}.forged` } },
          auth: { persistSession: false, autoRefreshToken: false },
        });
        await expectRefused(
          forged.storage.from('avatars').upload(`${alice.id}/forged.png`, bytes(4), { contentType: 'image/png' }),
          {
            statusCode: '403',
          },
        );
        await expectRefused(
          alice.client.storage
            .from('no-such-bucket')
            .upload(`${alice.id}/x.png`, bytes(4), { contentType: 'image/png' }),
          {
            statusCode: '404',
            message: 'Bucket not found',
          },
        );
      });

      it('ends storage access with the session', async () => {
        const user = await server.signedInUser();
        const avatars = user.client.storage.from('avatars');
        expect(
          (await avatars.upload(`${user.id}/before.png`, bytes(4), { contentType: 'image/png' })).error,
        ).toBeNull();
        const token = (await user.client.auth.getSession()).data.session!.access_token;
        await user.client.auth.signOut();
        const replay = createClient(server.url, server.anonKey, {
          global: { headers: { Authorization: `Bearer ${token}` } },
          auth: { persistSession: false, autoRefreshToken: false },
        });
        await expectRefused(
          replay.storage.from('avatars').upload(`${user.id}/after.png`, bytes(4), { contentType: 'image/png' }),
          {
            statusCode: '403',
          },
        );
      });
    });
  });
