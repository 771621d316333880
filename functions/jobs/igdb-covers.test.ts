import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openMigratedPostgres } from '../../tests/helpers/database.ts';
import { parseEnv } from '../../src/lib/config/env.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { gameTag } from '../../src/lib/http/cache-rules.ts';
import { igdbCoversJob, runIgdbCovers, type IgdbCoversDeps } from './igdb-covers.ts';
import type { Job } from './job.ts';
import { runJob } from './runner.ts';

// The igdb-covers job through the jobs runner: on PostgreSQL (self-hosted) it copies the next
// covers and purges their games' pages; on the embedded database too, since it keeps its own
// short transactions (none is open while it downloads); given a transaction there, it does
// nothing (it would hold every request while it downloads).

const CDN = 'https://images.igdb.com/igdb/image/upload';
let images: Server;
let imageBase = '';
let storageDir = '';

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 810, height: 1080, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
  images = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  storageDir = await mkdtemp(path.join(tmpdir(), 'critical-hit-igdb-covers-'));
});

afterAll(async () => {
  images.closeAllConnections();
  await new Promise((resolve) => images.close(resolve));
  await rm(storageDir, { recursive: true, force: true });
});

function jobWith(deps: IgdbCoversDeps): Job {
  return { ...igdbCoversJob, run: (context) => runIgdbCovers(context, deps) };
}

async function gameWithIgdbCover(database: DatabaseConnection): Promise<number> {
  const { id } = await database.db
    .insertInto('games')
    .values({ slug: 'outer-wilds', title: 'Outer Wilds', cover_image_url: `${CDN}/t_cover_big/co65ac.jpg` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const env = (values: Record<string, string>) =>
  parseEnv(
    {
      STORAGE_DIR: storageDir,
      IGDB_IMAGE_URL: imageBase,
      IMAGE_IMPORT_ALLOWED_ADDRESSES: '127.0.0.1',
      ...values,
    },
    { purpose: 'database-command' },
  );

describe('the igdb-covers job', () => {
  it('copies on the embedded database with its own transactions; given one, it does nothing', async () => {
    const database = await createTestDatabase();
    try {
      await gameWithIgdbCover(database);
      const deps = { env: env({}) };
      const outcome = await runJob(jobWith(deps), { db: database.db, purge: () => Promise.resolve() });
      expect(outcome).toEqual({
        status: 'ran',
        result: { ran: true, copied: 1, failed: 0, skipped: 0, slugs: ['outer-wilds'] },
      });
      const inTransaction = await database.db
        .transaction()
        .execute((trx) => runIgdbCovers({ db: trx, now: new Date(), purge: () => Promise.resolve() }, deps));
      expect(inTransaction).toEqual({ ran: false, reason: 'embedded database' });
    } finally {
      await database.close();
    }
  });

  it('on PostgreSQL copies the next covers and purges their pages (skipped without TEST_DATABASE_URL)', async (context) => {
    const database = await openMigratedPostgres(3);
    if (!database) return context.skip();
    try {
      const id = await gameWithIgdbCover(database);
      const purged: PurgeTarget[] = [];
      const deps = {
        env: env({ DATABASE_URL: 'postgres://u:p@db.test:5432/app' }),
      };
      expect(deps.env.mode).toBe('self-hosted');
      const job = jobWith(deps);
      const run = () =>
        runJob(job, { db: database.db, purge: (target) => Promise.resolve(void purged.push(target)) }, { force: true });
      expect(await run()).toEqual({
        status: 'ran',
        result: { ran: true, copied: 1, failed: 0, skipped: 0, slugs: ['outer-wilds'] },
      });
      const row = await database.db
        .selectFrom('games')
        .select('cover_image_url')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.cover_image_url).toMatch(new RegExp(`/game-covers/${id}/cover-w600-[0-9a-f]{16}\\.webp$`));
      expect(purged[0]?.tags).toContain(gameTag('outer-wilds'));
      expect(await run()).toMatchObject({ result: { ran: true, copied: 0 } });
    } finally {
      await database.close();
    }
  });

  it('is off in Supabase mode without the project’s secret key', async () => {
    const database = await createTestDatabase();
    try {
      const supabaseEnv = env({
        SUPABASE_URL: 'https://abcd.supabase.co',
        SUPABASE_ANON_KEY: 'anon',
        DATABASE_URL: 'postgres://u:p@db.test:5432/app',
      });
      const outcome = await database.db
        .transaction()
        .execute((trx) =>
          runIgdbCovers({ db: trx, now: new Date(), purge: () => Promise.resolve() }, { env: supabaseEnv }),
        );
      expect(outcome).toEqual({ ran: false, reason: 'storage not writable' });
    } finally {
      await database.close();
    }
  });
});
