import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { startTestStorageServer, type TestStorageServer } from '../../tests/helpers/storage-server.ts';
import { coverFetchOptions, importGameCoverFromUrl } from '../../src/lib/admin/cover.server.ts';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { ImageFetchError } from '../../src/lib/images/fetch-image.server.ts';
import { handleUploadCover } from './games.ts';

// A cover from an image URL, through the admin API: a local HTTP stand-in serves a real
// image, a file over the limit, a web page, redirects (one to the cloud metadata address)
// and an answer that never comes. Only 127.0.0.1 is let through (the tests' setting);
// the stand-in counts requests, to show a refused caller makes the server fetch nothing.

type Person = Awaited<ReturnType<TestStorageServer['signedInUser']>>;

let database: DatabaseConnection;
let storage: TestStorageServer;
let standIn: Server;
let origin = '';
let member: Person;
let admin: Person;
let gameId = 0;
const requested: string[] = [];

const coverPng = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

async function startStandIn(): Promise<void> {
  const image = await coverPng();
  standIn = createServer((request, response) => {
    requested.push(request.url ?? '');
    switch (request.url) {
      case '/cover.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': image.byteLength }).end(image);
        return;
      case '/moved':
        response.writeHead(302, { location: '/cover.png' }).end();
        return;
      case '/metadata':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/huge-declared':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 6 * 1024 * 1024 }).end();
        return;
      case '/huge-streamed': {
        // No Content-Length: the bound must hold while the body streams in.
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(256 * 1024, 1);
        for (let i = 0; i < 24; i++) response.write(chunk);
        response.end();
        return;
      }
      case '/page.html':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Not a picture</body></html>');
        return;
      case '/silent':
        return; // never answers
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
}

const importCover = (person: Person | null, body: unknown, id = String(gameId)) =>
  handleUploadCover(
    new Request(`http://localhost/api/admin/games/${id}/cover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    id,
    {
      db: () => Promise.resolve(database.db),
      user: person ? { id: person.id } : null,
      purge: () => Promise.resolve(),
      supabase: () => (person ? person.client : storage.client()),
    },
  );

const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

const currentCover = async () =>
  (await database.db.selectFrom('games').select('cover_image_url').where('id', '=', gameId).executeTakeFirstOrThrow())
    .cover_image_url;

beforeAll(async () => {
  vi.stubEnv('IMAGE_IMPORT_ALLOWED_ADDRESSES', '127.0.0.1');
  resetEnvCache();
  database = await createTestDatabase({ demo: true, critics: false });
  storage = await startTestStorageServer(database);
  [member, admin] = await Promise.all([storage.signedInUser(), storage.signedInUser()]);
  await database.db.insertInto('app_meta.admins').values({ user_id: admin.id }).execute();
  gameId = (await database.db.selectFrom('games').select('id').where('slug', '=', 'portal-2').executeTakeFirstOrThrow())
    .id;
  await startStandIn();
}, 60_000);

afterAll(async () => {
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
  await storage.close();
  await database.close();
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe('a cover from an image URL', () => {
  it('answers 404 to anonymous visitors and members, and fetches nothing', async () => {
    for (const person of [null, member]) {
      const response = await importCover(person, { url: `${origin}/cover.png` });
      expect(response.status).toBe(404);
    }
    expect(requested).toEqual([]);
    expect(await currentCover()).toBeNull();
  });

  it('an administrator sets it: fetched once (redirect followed), made into the same variants as an upload', async () => {
    const response = await importCover(admin, { url: `${origin}/moved` });
    expect(response.status).toBe(200);
    const { coverUrl } = (await response.json()) as { coverUrl: string };
    expect(coverUrl).toMatch(new RegExp(`/game-covers/${gameId}/cover-w600-[0-9a-f]{16}\\.webp$`));
    expect(await currentCover()).toBe(coverUrl);
    expect(requested).toEqual(['/moved', '/cover.png']);
    const served = await fetch(`${storage.url}/storage/v1/object/public/${coverUrl.split('/public/')[1]}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(600);
    const avif = await fetch(
      `${storage.url}/storage/v1/object/public/${coverUrl.split('/public/')[1]!.replace('w600', 'w150').replace('.webp', '.avif')}`,
    );
    expect(avif.headers.get('content-type')).toBe('image/avif');
  });

  it.each([
    ['/huge-declared', 413, 'The image is too large: please choose one of 5 MB or less.'],
    ['/huge-streamed', 413, 'The image is too large: please choose one of 5 MB or less.'],
    ['/page.html', 400, 'Please choose a JPEG, PNG or WebP image.'],
    ['/metadata', 422, 'That address is not on the public internet, so the site will not fetch it.'],
    ['/gone', 422, 'The image could not be fetched: its server answered 404.'],
  ])('refuses %s with %i and keeps the cover', async (path, status, message) => {
    const before = await currentCover();
    const response = await importCover(admin, { url: `${origin}${path}` });
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(message);
    expect(await currentCover()).toBe(before);
  });

  it('refuses addresses that are not http(s) on the public internet, and malformed bodies', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'not a url',
      'http://user:pw@example.com/a.png',
    ]) {
      const response = await importCover(admin, { url });
      expect(response.status, url).toBe(400);
      expect(await errorOf(response)).toBe(
        'Give the full address of an image on the web, starting with http:// or https://.',
      );
    }
    expect((await importCover(admin, { url: `https://example.com/${'a'.repeat(2100)}.png` })).status).toBe(400);
    expect(await errorOf(await importCover(admin, {}))).toBe('Give the address of the cover image.');
    expect((await importCover(admin, { url: `${origin}/cover.png` }, '999999')).status).toBe(404);
  });

  it('refuses a loopback or private address outside the test setting', async () => {
    for (const url of [
      `${origin}/cover.png`,
      'http://localhost:9/cover.png',
      'http://2130706433:9/cover.png',
      'http://[::ffff:127.0.0.1]:9/cover.png',
      'http://10.0.0.1/cover.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/cover.png',
      'http://[fd00::1]/cover.png',
    ]) {
      const error = await importGameCoverFromUrl(
        database.db,
        admin.client,
        { gameId, adminId: admin.id, url },
        coverFetchOptions({ allowedAddresses: [] }),
      ).catch((caught: unknown) => caught);
      expect(error, url).toBeInstanceOf(ImageFetchError);
      expect((error as ImageFetchError).reason).toBe('blocked_address');
    }
  });

  it('gives up on a server that does not answer in time', async () => {
    const error = await importGameCoverFromUrl(
      database.db,
      admin.client,
      { gameId, adminId: admin.id, url: `${origin}/silent` },
      coverFetchOptions({ timeoutMs: 300 }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageFetchError);
    expect((error as ImageFetchError).message).toBe(
      'The image took too long to download (more than 0.3 seconds). Try again, or upload the file.',
    );
  });
});
