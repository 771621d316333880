import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { discoverLists } from './lists.server.ts';

// /lists orders popular lists by likes in the last 30 days, then likes, then newest; the
// query reads lists with recent likes and the others apart (for speed), so the order of
// the two parts, and paging across them, is what these check.

let connection: DatabaseConnection;
const ids: Record<string, number> = {};

beforeAll(async () => {
  connection = await createTestDatabase();
  const db = connection.db;
  const owner = randomUUID();
  const fans = Array.from({ length: 4 }, () => randomUUID());
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${owner}, 'owner@example.test', now(), ${JSON.stringify({ username: 'list_owner', full_name: 'O' })}::jsonb)`.execute(db);
  for (const [i, fan] of fans.entries()) await sql`insert into auth.users (id, email, created_at) values (${fan}, ${`fan${i}@example.test`}, now())`.execute(db);
  const list = async (key: string, visibility: 'public' | 'private' = 'public') => {
    const row = await db.insertInto('user_lists').values({ user_id: owner, title: `List ${key}`, slug: `list-${key}`, visibility }).returning('id').executeTakeFirstOrThrow();
    ids[key] = row.id;
  };
  // Created in this order: a higher id is newer.
  for (const key of ['old-favourite', 'quiet', 'hot', 'warm', 'plain-1', 'plain-2']) await list(key);
  await list('secret', 'private');
  const like = (key: string, fan: string, daysAgo: number) =>
    db.insertInto('user_list_likes').values({ list_id: ids[key]!, user_id: fan, created_at: sql<Date>`now() - make_interval(days => ${daysAgo})` }).execute();
  // Many likes, all long ago: first of the lists without recent likes, after every recently liked one.
  for (const fan of fans) await like('old-favourite', fan, 90);
  await like('hot', fans[0]!, 1);
  await like('hot', fans[1]!, 2);
  await like('warm', fans[0]!, 3);
  await like('quiet', fans[2]!, 40);
  await like('secret', fans[3]!, 1);
});

afterAll(() => connection.close());

const titles = async (page: number, pageSize: number) =>
  (await discoverLists(connection.db, { sort: 'popular', q: '', page, pageSize })).items.map((item) => item.title.replace('List ', ''));

describe('popular lists', () => {
  it('come by likes in the window, then by likes, then newest first; private lists never', async () => {
    expect(await titles(1, 10)).toEqual(['hot', 'warm', 'old-favourite', 'quiet', 'plain-2', 'plain-1']);
  });

  it('page across the recently liked and the other lists without losing or repeating one', async () => {
    const pages = [await titles(1, 2), await titles(2, 2), await titles(3, 2), await titles(4, 2)];
    expect(pages).toEqual([['hot', 'warm'], ['old-favourite', 'quiet'], ['plain-2', 'plain-1'], []]);
    const result = await discoverLists(connection.db, { sort: 'popular', q: '', page: 2, pageSize: 2 });
    expect(result.total).toBe(6);
  });

  it('search by title within the popular order', async () => {
    expect((await discoverLists(connection.db, { sort: 'popular', q: 'o', page: 1, pageSize: 10 })).items.map((item) => item.title)).toEqual([
      'List hot',
      'List old-favourite',
    ]);
  });
});
