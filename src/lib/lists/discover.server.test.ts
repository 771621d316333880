import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageListLikesJob } from '../../../functions/jobs/age-list-likes.ts';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { discoverLists } from './discover.server.ts';
import { POPULAR_WINDOW_DAYS } from './lists.ts';

// /lists orders popular lists by likes in the last 30 days (a count kept with each like and
// aged by a job), then likes, then newest; recent lists newest first. Public lists only.

let connection: DatabaseConnection;
const ids: Record<string, number> = {};
const fans = Array.from({ length: 4 }, () => randomUUID());

const like = (key: string, fan: string, daysAgo: number) =>
  connection.db
    .insertInto('user_list_likes')
    .values({ list_id: ids[key]!, user_id: fan, created_at: sql<Date>`now() - make_interval(days => ${daysAgo})` })
    .execute();

beforeAll(async () => {
  connection = await createTestDatabase();
  const db = connection.db;
  const owner = randomUUID();
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${owner}, 'owner@example.test', now(), ${JSON.stringify({ username: 'list_owner', full_name: 'O' })}::jsonb)`.execute(
    db,
  );
  for (const [i, fan] of fans.entries())
    await sql`insert into auth.users (id, email, created_at) values (${fan}, ${`fan${i}@example.test`}, now())`.execute(
      db,
    );
  const list = async (key: string, visibility: 'public' | 'private' = 'public') => {
    const row = await db
      .insertInto('user_lists')
      .values({ user_id: owner, title: `List ${key}`, slug: `list-${key}`, visibility })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  };
  // Created in this order: a higher id is newer.
  for (const key of ['old-favourite', 'quiet', 'hot', 'warm', 'plain-1', 'plain-2']) await list(key);
  await list('secret', 'private');
  // Many likes, all long ago: first of the lists without recent likes, after every recently liked one.
  for (const fan of fans) await like('old-favourite', fan, 90);
  await like('hot', fans[0]!, 1);
  await like('hot', fans[1]!, 2);
  await like('warm', fans[0]!, 3);
  await like('quiet', fans[2]!, 40);
  await like('secret', fans[3]!, 1);
});

afterAll(() => connection.close());

const titles = async (page: number, pageSize: number, sort: 'popular' | 'recent' = 'popular') =>
  (await discoverLists(connection.db, { sort, q: '', page, pageSize })).items.map((item) =>
    item.title.replace('List ', ''),
  );

const recentLikes = async (key: string) =>
  (
    await connection.db
      .selectFrom('user_lists')
      .select('recent_likes_count')
      .where('id', '=', ids[key]!)
      .executeTakeFirstOrThrow()
  ).recent_likes_count;

describe('popular lists', () => {
  it('come by likes in the window, then by likes, then newest first; private lists never', async () => {
    expect(await titles(1, 10)).toEqual(['hot', 'warm', 'old-favourite', 'quiet', 'plain-2', 'plain-1']);
  });

  it('page without losing or repeating a list, each with its owner’s name', async () => {
    const pages = [await titles(1, 2), await titles(2, 2), await titles(3, 2), await titles(4, 2)];
    expect(pages).toEqual([['hot', 'warm'], ['old-favourite', 'quiet'], ['plain-2', 'plain-1'], []]);
    const result = await discoverLists(connection.db, { sort: 'popular', q: '', page: 2, pageSize: 2 });
    expect(result.total).toBe(6);
    expect(result.items.map((item) => item.ownerUsername)).toEqual(['list_owner', 'list_owner']);
  });

  it('search by title within the popular order', async () => {
    expect(
      (await discoverLists(connection.db, { sort: 'popular', q: 'o', page: 1, pageSize: 10 })).items.map(
        (item) => item.title,
      ),
    ).toEqual(['List hot', 'List old-favourite']);
  });

  it('count a like only while it is in the window: an unlike or a like redated past it drops out at once', async () => {
    await like('plain-1', fans[0]!, 0);
    await like('plain-1', fans[1]!, 0);
    await like('plain-1', fans[2]!, 0);
    expect(await titles(1, 2)).toEqual(['plain-1', 'hot']);
    await connection.db
      .deleteFrom('user_list_likes')
      .where('list_id', '=', ids['plain-1']!)
      .where('user_id', '=', fans[0]!)
      .execute();
    await connection.db
      .updateTable('user_list_likes')
      .set({ created_at: sql<Date>`now() - make_interval(days => ${POPULAR_WINDOW_DAYS + 1})` })
      .where('list_id', '=', ids['plain-1']!)
      .where('user_id', '=', fans[1]!)
      .execute();
    expect(await recentLikes('plain-1')).toBe(1);
    expect(await titles(1, 3)).toEqual(['hot', 'plain-1', 'warm']);
  });

  it('stop counting a like when its 30 days run out, once the job has run', async () => {
    // A like made within the window whose time has since passed: counted, dated before the window.
    await connection.db
      .updateTable('user_list_likes')
      .set({ in_window: true })
      .where('list_id', '=', ids['quiet']!)
      .execute();
    expect(await recentLikes('quiet')).toBe(1);
    expect(await titles(1, 4)).toEqual(['hot', 'plain-1', 'warm', 'quiet']);
    const run = () => ageListLikesJob.run({ db: connection.db, now: new Date(), purge: async () => {} });
    expect(await run()).toEqual({ aged: 1 });
    expect(await recentLikes('quiet')).toBe(0);
    expect(await titles(1, 10)).toEqual(['hot', 'plain-1', 'warm', 'old-favourite', 'quiet', 'plain-2']);
    // Nothing left to do: a second run changes nothing.
    expect(await run()).toEqual({ aged: 0 });
    expect(await recentLikes('hot')).toBe(2);
  });

  it('use the window the pages name', async () => {
    const { rows } = await sql<{
      days: number;
    }>`select extract(day from public.popular_list_window())::int as days`.execute(connection.db);
    expect(rows[0]?.days).toBe(POPULAR_WINDOW_DAYS);
  });

  it('do not make a liked list "updated": that is for its owner’s changes', async () => {
    const read = () =>
      connection.db
        .selectFrom('user_lists')
        .select(['updated_at', 'likes_count'])
        .where('id', '=', ids['plain-2']!)
        .executeTakeFirstOrThrow();
    const before = await read();
    await like('plain-2', fans[3]!, 0);
    const after = await read();
    expect(after.likes_count).toBe(before.likes_count + 1);
    expect(after.updated_at).toEqual(before.updated_at);
  });
});

describe('recent lists', () => {
  it('come newest first, public only, each with its owner’s name', async () => {
    expect(await titles(1, 10, 'recent')).toEqual(['plain-2', 'plain-1', 'warm', 'hot', 'quiet', 'old-favourite']);
    const second = await discoverLists(connection.db, { sort: 'recent', q: '', page: 2, pageSize: 4 });
    expect(second.items.map((item) => [item.title, item.ownerUsername])).toEqual([
      ['List quiet', 'list_owner'],
      ['List old-favourite', 'list_owner'],
    ]);
  });

  it('filter by title, with the number of matches on every page and past the last', async () => {
    const search = (page: number, pageSize: number) =>
      discoverLists(connection.db, { sort: 'recent', q: 'PLAIN', page, pageSize });
    const first = await search(1, 10);
    expect(first.items.map((item) => [item.title, item.ownerUsername])).toEqual([
      ['List plain-2', 'list_owner'],
      ['List plain-1', 'list_owner'],
    ]);
    expect(first.total).toBe(2);
    const second = await search(2, 1);
    expect([second.items.map((item) => item.title), second.total, second.pageCount]).toEqual([['List plain-1'], 2, 2]);
    const past = await search(5, 1);
    expect([past.items, past.total]).toEqual([[], 2]);
    expect(
      (await discoverLists(connection.db, { sort: 'popular', q: 'nothing like this', page: 1, pageSize: 10 })).total,
    ).toBe(0);
  });
});
