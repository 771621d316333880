import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceStorageClient } from '../../../functions/storage/service-client.ts';
import { startTestStorageServer, type TestStorageServer } from '../../../tests/helpers/storage-server.ts';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { coverFetchOptions } from '../admin/cover.server.ts';
import { parseEnv } from '../config/env.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { copyIgdbCovers, type CoverCopyOptions } from './covers.server.ts';

// Copying IGDB covers into storage, without the network: a local stand-in for IGDB's image CDN
// serves a real JPEG (made here with sharp), a 404 and an answer that never comes; the step
// stores through the local storage service as the service role, over the test database.

const CDN = 'https://images.igdb.com/igdb/image/upload';
let database: DatabaseConnection;
let storage: TestStorageServer;
let supabase: SupabaseClient;
let images: Server;
let imageBase = '';
const requested: string[] = [];
const logged: string[] = [];
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

async function startImageStandIn(): Promise<void> {
  const jpeg = await sharp({ create: { width: 810, height: 1080, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  images = createServer((request, response) => {
    requested.push(request.url ?? '');
    if (request.url?.includes('silent')) return; // never answers
    if (/^\/t_1080p\/co[a-z0-9]+\.jpg$/.test(request.url ?? '') && !request.url?.includes('missing')) {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.byteLength }).end(jpeg);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
}

const step = (options: Partial<CoverCopyOptions> = {}) =>
  copyIgdbCovers(database.db, supabase, {
    imageBaseUrl: imageBase,
    fetchOptions: coverFetchOptions({ allowedAddresses: ['127.0.0.1'], timeoutMs: 2000 }),
    log: (line) => logged.push(line),
    ...options,
  });

const game = (slug: string) =>
  database.db
    .selectFrom('games')
    .select(['cover_image_url'])
    .where('id', '=', ids[slug]!)
    .executeTakeFirstOrThrow()
    .then((row) => row.cover_image_url);

const copyRow = (slug: string) =>
  database.db.selectFrom('igdb_cover_copies').selectAll().where('game_id', '=', ids[slug]!).executeTakeFirst();

async function giveIgdbCover(slug: string, imageId: string, source: 'igdb' | 'admin' = 'igdb'): Promise<void> {
  await database.db
    .updateTable('games')
    .set({ cover_image_url: `${CDN}/t_cover_big/${imageId}.jpg` })
    .where('id', '=', ids[slug]!)
    .execute();
  await database.db
    .insertInto('game_field_sources')
    .values({ game_id: ids[slug]!, field: 'cover_image_url', source })
    .onConflict((oc) => oc.columns(['game_id', 'field']).doUpdateSet({ source }))
    .execute();
}

const storedFiles = async (slug: string) =>
  (
    await database.db
      .selectFrom('storage.objects')
      .select('name')
      .where('bucket_id', '=', 'game-covers')
      .where('name', 'like', `${ids[slug]}/%`)
      .execute()
  )
    .map((row) => row.name ?? '')
    .sort();

beforeAll(async () => {
  database = await createTestDatabase({ demo: true, critics: false });
  storage = await startTestStorageServer(database);
  const env = parseEnv({ STORAGE_DIR: storage.storageDir, SITE_URL: storage.url }, { purpose: 'database-command' });
  supabase = (await serviceStorageClient(env, database.db))!;
  // Five demo games, named by the part they play here.
  const rows = await database.db.selectFrom('games').select(['id', 'slug']).orderBy('id').limit(5).execute();
  ['portal-2', 'celeste', 'hades', 'half-life-2', 'minecraft'].forEach((role, i) => {
    ids[role] = rows[i]!.id;
    slugs[role] = rows[i]!.slug;
  });
  await startImageStandIn();
}, 60_000);

afterAll(async () => {
  images.closeAllConnections();
  await new Promise((resolve) => images.close(resolve));
  await storage.close();
  await database.close();
});

beforeEach(() => {
  requested.length = 0;
  logged.length = 0;
});

describe('copying IGDB covers into storage', () => {
  it('stores AVIF and WebP in every width, keeps the field IGDB’s, and leaves an administrator’s cover alone', async () => {
    expect(Object.keys(ids)).toHaveLength(5);
    await giveIgdbCover('portal-2', 'coportal');
    await giveIgdbCover('celeste', 'coceleste', 'admin');
    const outcome = await step();
    expect(outcome).toMatchObject({ copied: 1, failed: 0, skipped: 0, slugs: [slugs['portal-2']] });
    expect(requested).toEqual(['/t_1080p/coportal.jpg']);
    const url = await game('portal-2');
    expect(url).toMatch(
      new RegExp(`/storage/v1/object/public/game-covers/${ids['portal-2']}/cover-w600-[0-9a-f]{16}\\.webp$`),
    );
    const files = await storedFiles('portal-2');
    expect(files).toHaveLength(8);
    expect(files.filter((f) => f.endsWith('.avif'))).toHaveLength(4);
    const served = await fetch(`${storage.url}/storage/v1/object/public/${url!.split('/public/')[1]}`);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(600);
    expect(await copyRow('portal-2')).toMatchObject({ image_id: 'coportal', status: 'copied', stored_url: url });
    const source = await database.db
      .selectFrom('game_field_sources')
      .select('source')
      .where('game_id', '=', ids['portal-2']!)
      .where('field', '=', 'cover_image_url')
      .executeTakeFirstOrThrow();
    expect(source.source).toBe('igdb');
    expect(await game('celeste')).toBe(`${CDN}/t_cover_big/coceleste.jpg`);
  });

  it('is idempotent: a second step fetches nothing', async () => {
    expect(await step()).toMatchObject({ copied: 0, failed: 0, skipped: 0 });
    expect(requested).toEqual([]);
  });

  it('keeps the copy when a sync writes the same IGDB image back, and copies a new one', async () => {
    const copied = await game('portal-2');
    await database.db
      .updateTable('games')
      .set({ cover_image_url: `${CDN}/t_cover_big/coportal.jpg` })
      .where('id', '=', ids['portal-2']!)
      .execute();
    expect(await game('portal-2')).toBe(copied);
    await database.db
      .updateTable('games')
      .set({ cover_image_url: `${CDN}/t_cover_big/coportalnew.jpg` })
      .where('id', '=', ids['portal-2']!)
      .execute();
    expect(await game('portal-2')).toBe(`${CDN}/t_cover_big/coportalnew.jpg`);
    expect(await step()).toMatchObject({ copied: 1 });
    expect(requested).toEqual(['/t_1080p/coportalnew.jpg']);
    expect(await copyRow('portal-2')).toMatchObject({ image_id: 'coportalnew', status: 'copied' });
    // The stand-in serves the same bytes for every image: the same set of eight files.
    expect(await storedFiles('portal-2')).toHaveLength(8);
  });

  it('survives a 404 and a timeout: logs, moves on, tries again later, and gives up after five attempts', async () => {
    await giveIgdbCover('hades', 'comissing');
    await giveIgdbCover('half-life-2', 'cosilent');
    await giveIgdbCover('minecraft', 'cominecraft');
    const outcome = await step();
    expect(outcome).toMatchObject({ copied: 1, failed: 2, slugs: [slugs.minecraft] });
    expect(logged).toHaveLength(2);
    expect(logged.find((line) => line.includes(`${slugs.hades}: `))).toMatch(/comissing\.jpg: .*404.*\(attempt 1\)$/);
    expect(logged.find((line) => line.includes(`${slugs['half-life-2']}: `))).toMatch(
      /cosilent\.jpg: .*\(attempt 1\)$/,
    );
    expect(await game('hades')).toBe(`${CDN}/t_cover_big/comissing.jpg`);
    const failed = await copyRow('hades');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, image_id: 'comissing' });
    expect(failed!.next_attempt_at!.getTime() - Date.now()).toBeGreaterThan(55 * 60 * 1000);

    // Not before its time: the next step leaves them alone.
    requested.length = 0;
    expect(await step()).toMatchObject({ copied: 0, failed: 0 });
    expect(requested).toEqual([]);

    // Time moves on (in the database): tried again until the fifth attempt, then given up.
    for (let attempt = 2; attempt <= 5; attempt++) {
      await database.db
        .updateTable('igdb_cover_copies')
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where('game_id', '=', ids.hades!)
        .execute();
      expect(await step({ count: 1 })).toMatchObject({ failed: 1 });
      expect(await copyRow('hades')).toMatchObject({ attempts: attempt });
    }
    expect((await copyRow('hades'))!.next_attempt_at).toBeNull();
    requested.length = 0;
    await database.db
      .updateTable('igdb_cover_copies')
      .set({ next_attempt_at: null })
      .where('game_id', '=', ids['half-life-2']!)
      .execute();
    expect(await step()).toMatchObject({ copied: 0, failed: 0 });
    expect(requested).toEqual([]);
  });

  it('takes at most `count` games a step', async () => {
    await giveIgdbCover('hades', 'cohadesnew');
    await giveIgdbCover('half-life-2', 'cohl2new');
    expect(await step({ count: 1 })).toMatchObject({ copied: 1 });
    expect(await step({ count: 1 })).toMatchObject({ copied: 1 });
    expect(await step({ count: 1 })).toMatchObject({ copied: 0 });
  });

  it('the service role’s key is the server’s own: visitors and made-up secret keys are refused by storage', async () => {
    const madeUp = createClient(storage.url, 'sb_secret_madeupmadeupmadeupmadeup', {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    for (const client of [storage.client(), madeUp]) {
      const refused = await client.storage
        .from('game-covers')
        .upload(`${ids.celeste}/x.webp`, new Uint8Array([1, 2, 3]), { contentType: 'image/webp' });
      expect(refused.error).not.toBeNull();
    }
    expect(await storedFiles('celeste')).toEqual([]);
  });
});
