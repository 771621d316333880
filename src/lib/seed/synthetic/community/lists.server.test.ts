import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../../db/connect.server.ts';
import { generateCommunityLists } from './lists.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (let i = 0; i < 20; i += 1) {
    await sql`insert into auth.users (id, email, created_at) values (${randomUUID()}, ${`bench-${i}@example.test`}, now())`.execute(
      connection.db,
    );
  }
});

afterAll(() => connection.close());

describe('generateCommunityLists', () => {
  it('writes statuses, a heavy user, lists, likes and a long list with the kept counts right', async () => {
    const options = {
      statusesPerUser: 5,
      heavyUserGames: 50,
      lists: 30,
      entriesPerList: 4,
      longListEntries: 40,
      likedListsEvery: 2,
      likesPerListMax: 6,
    };
    const result = await generateCommunityLists(connection.db, options);
    expect(result).toMatchObject({ statuses: 19 * 5 + 50, lists: 30, entries: 29 * 4 + 40 });
    expect(result.likes).toBeGreaterThan(10);
    const likes = await sql<{ mismatched: number; own: number; private: number; recent: number; older: number }>`
      select (select count(*)::int from user_lists l
               where likes_count <> (select count(*) from user_list_likes k where k.list_id = l.id)
                  or recent_likes_count <> (select count(*) from user_list_likes k where k.list_id = l.id and k.created_at > now() - public.popular_list_window())) as mismatched,
             (select count(*)::int from user_list_likes k join user_lists l on l.id = k.list_id where k.user_id = l.user_id) as own,
             (select count(*)::int from user_list_likes k join user_lists l on l.id = k.list_id where l.visibility = 'private') as private,
             (select count(*)::int from user_list_likes where created_at > now() - public.popular_list_window()) as recent,
             (select count(*)::int from user_list_likes where created_at <= now() - public.popular_list_window()) as older`.execute(
      connection.db,
    );
    expect(likes.rows[0]).toMatchObject({ mismatched: 0, own: 0, private: 0 });
    expect(likes.rows[0]!.recent).toBeGreaterThan(0);
    expect(likes.rows[0]!.older).toBeGreaterThan(0);
    const counts = await sql<{ mismatched: number; longest: number }>`
      select (select count(*)::int from user_lists l where entries_count <> (select count(*) from user_list_entries e where e.list_id = l.id)) as mismatched,
             (select max(entries_count) from user_lists) as longest`.execute(connection.db);
    expect(counts.rows[0]).toEqual({ mismatched: 0, longest: 40 });
  });
});
