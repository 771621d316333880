import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { startTestStorageServer, type TestStorageServer } from '../../tests/helpers/storage-server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { handleUploadCover } from '../admin/games.ts';
import { handleManageOutlet } from '../outlets/handlers.ts';

// Cover and logo uploads through the site's API, stored with the caller's own session
// against the local storage service: the handlers and the buckets' policies both refuse.

type Person = { id: string; client: TestStorageServer['client'] extends () => infer C ? C : never } | null;

let database: DatabaseConnection;
let server: TestStorageServer;
let anonymous: Person;
let stranger: NonNullable<Person>;
let author: NonNullable<Person>;
let owner: NonNullable<Person>;
let admin: NonNullable<Person>;
let gameId = 0;
let outletId = 0;
const purged: PurgeTarget[] = [];

const png = (r: number, g: number, b: number, width = 120, height = 90) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
const form = (field: string, bytes: Uint8Array, type = 'image/png') => {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), 'picture.png');
  return data;
};

const uploadCover = async (person: Person, body: FormData | Uint8Array, id = String(gameId)) =>
  handleUploadCover(
    new Request(`http://localhost/api/admin/games/${id}/cover`, {
      method: 'POST',
      body: body instanceof FormData ? body : new Uint8Array(body),
    }),
    id,
    {
      db: () => Promise.resolve(database.db),
      user: person ? { id: person.id } : null,
      purge: (target) => Promise.resolve(void purged.push(target)),
      supabase: () => (person ?? anonymous)!.client,
    },
  );

const uploadLogo = async (person: Person, ref: string, body: FormData | Uint8Array) =>
  handleManageOutlet(
    new Request(`http://localhost/api/manage-outlet/${ref}/logo`, {
      method: 'POST',
      body: body instanceof FormData ? body : new Uint8Array(body),
    }),
    `${ref}/logo`,
    {
      db: () => Promise.resolve(database.db),
      user: person ? { id: person.id } : null,
      purge: (target) => Promise.resolve(void purged.push(target)),
      mailer: { send: async () => {} },
      env: { siteOrigin: 'http://localhost:4321', SITE_NAME: 'Critical Hit' },
      supabase: () => (person ?? anonymous)!.client,
    },
  );

const files = async (bucket: string, folder: string) => {
  const rows = await database.db
    .selectFrom('storage.objects')
    .select('name')
    .where('bucket_id', '=', bucket)
    .where('name', 'like', `${folder}/%`)
    .execute();
  return rows.map((row) => row.name ?? '').sort();
};

beforeAll(async () => {
  database = await createTestDatabase({ demo: true, critics: false });
  server = await startTestStorageServer(database);
  anonymous = { id: '', client: server.client() };
  [stranger, author, owner, admin] = await Promise.all([
    server.signedInUser(),
    server.signedInUser(),
    server.signedInUser(),
    server.signedInUser(),
  ]);
  await database.db.insertInto('app_meta.admins').values({ user_id: admin.id }).execute();
  gameId = (await database.db.selectFrom('games').select('id').where('slug', '=', 'portal-2').executeTakeFirstOrThrow())
    .id;
  outletId = (
    await database.db
      .insertInto('outlets')
      .values({ slug: 'logo-test', name: 'Logo Test', score_scale: 'ten', owner_id: owner.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const writer = await database.db
    .insertInto('authors')
    .values({ name: 'Logo Writer', slug: 'logo-writer', user_id: author.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db.insertInto('outlet_authors').values({ outlet_id: outletId, author_id: writer.id }).execute();
}, 60_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('game covers', () => {
  it('answer 404 to anonymous visitors, strangers, authors and owners, and store nothing', async () => {
    const bytes = await png(200, 10, 10);
    for (const person of [null, stranger, author, owner]) {
      const response = await uploadCover(person, form('cover', bytes));
      expect(response.status, person?.id ?? 'anonymous').toBe(404);
    }
    expect(await files('game-covers', String(gameId))).toEqual([]);
  });

  it('the storage policies refuse a non-admin who writes into the bucket directly', async () => {
    const { error } = await stranger.client.storage
      .from('game-covers')
      .upload(`${gameId}/cover-w600-x.webp`, await png(1, 2, 3), { contentType: 'image/png' });
    expect(error?.message).toBe('new row violates row-level security policy');
  });

  it('an administrator replaces the cover: 3:4 variants in AVIF and WebP, the game points at them, the old ones go, the game is purged and audited', async () => {
    const first = await uploadCover(admin, form('cover', await png(10, 200, 10)));
    expect(first.status).toBe(200);
    const one = (await first.json()) as { coverUrl: string; game: { slug: string } };
    expect(one.coverUrl).toMatch(
      new RegExp(`/storage/v1/object/public/game-covers/${gameId}/cover-w600-[0-9a-f]{16}\\.webp$`),
    );
    expect(purged.at(-1)?.tags).toContain('game:portal-2');

    const second = await uploadCover(admin, await png(10, 10, 200, 400, 400));
    const two = (await second.json()) as { coverUrl: string };
    const game = await database.db
      .selectFrom('games')
      .select('cover_image_url')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(game.cover_image_url).toBe(two.coverUrl);
    const stored = await files('game-covers', String(gameId));
    const version = /cover-w600-([0-9a-f]{16})\.webp$/.exec(two.coverUrl)![1]!;
    expect(stored).toEqual(
      [150, 300, 450, 600].flatMap((w) => ['avif', 'webp'].map((f) => `${gameId}/cover-w${w}-${version}.${f}`)).sort(),
    );
    expect(stored).not.toContain(one.coverUrl.split('/game-covers/')[1]);
    for (const [name, format, width] of [
      ['w600', 'webp', 600],
      ['w150', 'avif', 150],
    ] as const) {
      const served = await fetch(
        `${server.url}/storage/v1/object/public/game-covers/${gameId}/cover-${name}-${version}.${format}`,
      );
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      expect(served.headers.get('cache-control')).toContain('max-age=31536000');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([width, (width * 4) / 3]);
    }
    const log = await database.db
      .selectFrom('app_meta.admin_audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'game.cover')
      .execute();
    expect(log).toHaveLength(2);
  });

  it('refuses a file that is not an image, keeping the cover', async () => {
    const before = await database.db
      .selectFrom('games')
      .select('cover_image_url')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    const response = await uploadCover(
      admin,
      form('cover', new TextEncoder().encode('<html>not a picture</html>'), 'text/html'),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Please choose a JPEG, PNG or WebP image.',
    );
    const after = await database.db
      .selectFrom('games')
      .select('cover_image_url')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await uploadCover(admin, form('cover', await png(1, 1, 1)), '999999')).status).toBe(404);
  });
});

describe('outlet logos', () => {
  it('are refused to anonymous visitors, strangers, authors and administrators, by slug and by id', async () => {
    const bytes = await png(30, 30, 200);
    for (const ref of ['logo-test', String(outletId)]) {
      expect((await uploadLogo(null, ref, form('logo', bytes))).status).toBe(401);
      for (const person of [stranger, author, admin]) {
        const response = await uploadLogo(person, ref, form('logo', bytes));
        expect(response.status, `${ref} ${person.id}`).toBe(403);
      }
    }
    expect(await files('outlet-logos', String(outletId))).toEqual([]);
    const direct = await stranger.client.storage
      .from('outlet-logos')
      .upload(`${outletId}/logo-256-x.webp`, bytes, { contentType: 'image/png' });
    expect(direct.error?.message).toBe('new row violates row-level security policy');
  });

  it('an owner replaces the logo by slug or id: kept whole, shown from the outlet row, old files removed, audited', async () => {
    const first = await uploadLogo(owner, 'logo-test', form('logo', await png(200, 200, 10, 300, 100)));
    expect(first.status).toBe(200);
    const second = await uploadLogo(owner, String(outletId), form('logo', await png(10, 200, 200, 300, 100)));
    expect(second.status).toBe(200);
    const { logoUrl } = (await second.json()) as { logoUrl: string };
    const outlet = await database.db
      .selectFrom('outlets')
      .select('logo_url')
      .where('id', '=', outletId)
      .executeTakeFirstOrThrow();
    expect(outlet.logo_url).toBe(logoUrl);
    expect(await files('outlet-logos', String(outletId))).toHaveLength(2);
    const path = logoUrl.split('/outlet-logos/')[1]!;
    const meta = await sharp(
      Buffer.from(await (await fetch(`${server.url}/storage/v1/object/public/outlet-logos/${path}`)).arrayBuffer()),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([256, 85]);
    expect(purged.at(-1)?.tags).toContain('outlet:logo-test');
    const log = await database.db
      .selectFrom('outlet_audit_log')
      .select('action')
      .where('outlet_id', '=', outletId)
      .where('action', '=', 'logo.updated')
      .execute();
    expect(log).toHaveLength(2);
  });
});
