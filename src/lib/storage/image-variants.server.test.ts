import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { startTestStorageServer, type TestStorageServer } from '../../../tests/helpers/storage-server.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { processImage, type ImageVariant } from '../images/images.server.ts';
import { AVATAR_IMAGE } from '../images/images.ts';
import { ImageStoreError, storeImageVariants } from './image-variants.server.ts';

// Avatars stored through supabase-js with the user's own session, against the local
// storage service and the avatars bucket's policies.

let database: DatabaseConnection;
let server: TestStorageServer;

const solid = async (r: number, g: number, b: number): Promise<ImageVariant[]> => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return (await processImage(png, AVATAR_IMAGE)).variants;
};

async function filesIn(
  client: TestStorageServer['client'] extends () => infer C ? C : never,
  folder: string,
): Promise<string[]> {
  const { data, error } = await client.storage.from('avatars').list(folder);
  expect(error).toBeNull();
  return data!.map((entry) => entry.name);
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestStorageServer(database);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('storeImageVariants', () => {
  it('stores each variant under a content-versioned name and returns public URLs cached for a year', async () => {
    const user = await server.signedInUser();
    const stored = await storeImageVariants(user.client, {
      bucket: 'avatars',
      folder: user.id,
      baseName: 'avatar',
      variants: await solid(200, 30, 30),
      publicBaseUrl: server.url,
    });
    expect(Object.keys(stored).sort()).toEqual(['256', '64']);
    expect(stored['256']!.path).toMatch(new RegExp(`^${user.id}/avatar-256-[0-9a-f]{16}\\.webp$`));
    expect(stored['256']!.publicUrl).toBe(`${server.url}/storage/v1/object/public/avatars/${stored['256']!.path}`);
    for (const variant of Object.values(stored)) {
      const response = await fetch(variant.publicUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('max-age=31536000');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('replaces the previous versions, keeps the same names for the same picture', async () => {
    const user = await server.signedInUser();
    const store = async (variants: ImageVariant[]) =>
      storeImageVariants(user.client, {
        bucket: 'avatars',
        folder: user.id,
        baseName: 'avatar',
        variants,
        publicBaseUrl: server.url,
      });
    // Another file of the user's that is not a version of the avatar stays.
    await user.client.storage
      .from('avatars')
      .upload(`${user.id}/avatar-notes.png`, Buffer.from([1]), { contentType: 'image/png' });

    const first = await store(await solid(10, 200, 10));
    const second = await store(await solid(10, 10, 200));
    expect(second['256']!.publicUrl).not.toBe(first['256']!.publicUrl);
    expect((await fetch(first['256']!.publicUrl)).status).toBe(400);
    expect((await fetch(second['256']!.publicUrl)).status).toBe(200);
    expect((await filesIn(user.client, user.id)).sort()).toEqual(
      ['avatar-notes.png', second['256']!.path.split('/')[1]!, second['64']!.path.split('/')[1]!].sort(),
    );

    const again = await store(await solid(10, 10, 200));
    expect(again).toEqual(second);
    expect((await fetch(second['64']!.publicUrl)).status).toBe(200);
  });

  it("refuses another user's folder with the policy's 403 and stores nothing", async () => {
    const owner = await server.signedInUser();
    const intruder = await server.signedInUser();
    const error = await storeImageVariants(intruder.client, {
      bucket: 'avatars',
      folder: owner.id,
      baseName: 'avatar',
      variants: await solid(1, 2, 3),
      publicBaseUrl: server.url,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageStoreError);
    expect((error as ImageStoreError).status).toBe(403);
    expect(await filesIn(owner.client, owner.id)).toEqual([]);
  });
});
