import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { PLAY_STATUSES } from './play-status.ts';

let connection: DatabaseConnection;
const user = randomUUID();
let gameId: number;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${user}, 'player@example.test', now(), ${JSON.stringify({ username: 'player', full_name: 'Player' })}::jsonb)`.execute(connection.db);
  gameId = (await connection.db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});

afterAll(() => connection.close());

describe('user_games', () => {
  it('knows exactly the statuses the code knows', async () => {
    for (const status of PLAY_STATUSES) {
      await connection.db.insertInto('user_games').values({ user_id: user, game_id: gameId, status })
        .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet({ status })).execute();
    }
    await expect(
      connection.db.updateTable('user_games').set({ status: 'finished' as never }).where('user_id', '=', user).execute(),
    ).rejects.toThrow(/user_games_status_known/);
  });

  it('keeps one row per user and game', async () => {
    await expect(connection.db.insertInto('user_games').values({ user_id: user, game_id: gameId, wishlist: true }).execute()).rejects.toThrow(
      /duplicate key/,
    );
  });

  it('refuses an empty row, a note over 1000 characters, negative hours and a finish before the start', async () => {
    const other = (await connection.db.selectFrom('games').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const insert = (values: Record<string, unknown>) =>
      connection.db.insertInto('user_games').values({ user_id: user, game_id: other, ...values }).execute();
    await expect(insert({})).rejects.toThrow(/user_games_not_empty/);
    await expect(insert({ note: 'x'.repeat(1001) })).rejects.toThrow(/user_games_note_length/);
    await expect(insert({ hours_played: -1 })).rejects.toThrow(/user_games_hours_range/);
    await expect(insert({ started_on: '2026-02-01', finished_on: '2026-01-01' })).rejects.toThrow(/user_games_dates_order/);
  });

  it('goes with the game and with the account', async () => {
    await sql`delete from auth.users where id = ${user}`.execute(connection.db);
    const left = await connection.db.selectFrom('user_games').select('game_id').where('user_id', '=', user).execute();
    expect(left).toEqual([]);
  });
});
