import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedPostgres } from '../tests/helpers/database.ts';
import { openPostgres, type DatabaseConnection } from '../src/lib/db/connect.server.ts';
import { PURGE_CHANNEL, purgeMessages } from '../src/lib/http/purge.server.ts';
import type { PurgeRequest } from '../src/lib/http/page-cache.server.ts';
import { startPurgeListener, type PurgeListener } from './purge-listener.ts';

describe('purgeMessages', () => {
  it('fits any purge into NOTIFY payloads under 8000 bytes, losing nothing', () => {
    const tags = Array.from({ length: 2_000 }, (_, i) => `game:a-rather-long-game-slug-number-${i}`);
    const payloads = purgeMessages({ tags, paths: ['/sitemap.xml'] }, 'server-a');
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    const parsed = payloads.map((payload) => JSON.parse(payload) as { from: string; tags: string[]; paths: string[] });
    expect(parsed.flatMap((message) => message.tags)).toEqual(tags);
    expect(parsed.flatMap((message) => message.paths)).toEqual(['/sitemap.xml']);
    expect(new Set(parsed.map((message) => message.from))).toEqual(new Set(['server-a']));
    expect(purgeMessages({ tags: ['x', 'x'] }, 's')).toEqual([JSON.stringify({ from: 's', tags: ['x'], paths: [] })]);
    expect(purgeMessages({}, 's')).toEqual([]);
  });
});

describe('the purge listener (TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createMigratedPostgres>>;
  let sender: DatabaseConnection;
  let listener: PurgeListener;
  const heard: PurgeRequest[] = [];
  let waiting: { count: number; resolve: () => void } | undefined;
  const heardAtLeast = (count: number) =>
    new Promise<void>((resolve) => {
      if (heard.length >= count) resolve();
      else waiting = { count, resolve };
    });
  const notify = (payload: string) => sql`select pg_notify(${PURGE_CHANNEL}, ${payload})`.execute(sender.db);

  beforeAll(async () => {
    database = await createMigratedPostgres();
    if (!database) return;
    sender = openPostgres(database.url, 1);
    listener = startPurgeListener({
      connectionString: database.url,
      self: 'server-b',
      retryDelayMs: 20,
      log: () => {},
      onPurge: (request) => {
        heard.push(request);
        if (waiting && heard.length >= waiting.count) waiting.resolve();
      },
    });
    await listener.ready;
  });
  afterAll(async () => {
    await listener?.stop();
    await sender?.close();
    await database?.drop();
  });

  it("applies the other servers' purges, and ignores its own and malformed ones", async (context) => {
    if (!database) return context.skip('TEST_DATABASE_URL is not set');
    for (const payload of purgeMessages({ tags: ['game:mine'] }, 'server-b')) await notify(payload);
    await notify('{"not": "a purge"');
    await notify(JSON.stringify({ from: 'server-a', tags: 'not-a-list', paths: [] }));
    for (const payload of purgeMessages({ tags: ['game:portal-2', 'reviews'], paths: ['/sitemap.xml'] }, 'server-a'))
      await notify(payload);
    await heardAtLeast(1);
    expect(heard).toEqual([{ tags: ['game:portal-2', 'reviews'], paths: ['/sitemap.xml'] }]);
  });

  it('reconnects after losing its connection and drops the whole cache, since purges may have been missed', async (context) => {
    if (!database) return context.skip('TEST_DATABASE_URL is not set');
    const reconnected = listener.reconnected();
    const before = heard.length;
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike ${`listen ${PURGE_CHANNEL}`}
    `.execute(sender.db);
    await reconnected;
    expect(heard[before]).toEqual({ all: true });
    for (const payload of purgeMessages({ tags: ['game:half-life-2'] }, 'server-a')) await notify(payload);
    await heardAtLeast(before + 2);
    expect(heard[before + 1]).toEqual({ tags: ['game:half-life-2'], paths: [] });
  });
});
