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
            values (${user}, 'player@example.test', now(), ${JSON.stringify({ username: 'player', full_name: 'Player' })}::jsonb)`.execute(
    connection.db,
  );
  gameId = (await connection.db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});

afterAll(() => connection.close());

describe('user_games', () => {
  it('knows exactly the statuses the code knows', async () => {
    for (const status of PLAY_STATUSES) {
      await connection.db
        .insertInto('user_games')
        .values({ user_id: user, game_id: gameId, status })
        .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet({ status }))
        .execute();
    }
    await expect(
      connection.db
        .updateTable('user_games')
        .set({ status: 'finished' as never })
        .where('user_id', '=', user)
        .execute(),
    ).rejects.toThrow(/user_games_status_known/);
  });

  it('keeps one row per user and game', async () => {
    await expect(
      connection.db.insertInto('user_games').values({ user_id: user, game_id: gameId, wishlist: true }).execute(),
    ).rejects.toThrow(/duplicate key/);
  });

  it('refuses an empty row, a note over 1000 characters, negative hours and a finish before the start', async () => {
    const other = (await connection.db.selectFrom('games').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow())
      .id;
    const insert = (values: Record<string, unknown>) =>
      connection.db
        .insertInto('user_games')
        .values({ user_id: user, game_id: other, ...values })
        .execute();
    await expect(insert({})).rejects.toThrow(/user_games_not_empty/);
    await expect(insert({ note: 'x'.repeat(1001) })).rejects.toThrow(/user_games_note_length/);
    await expect(insert({ hours_played: -1 })).rejects.toThrow(/user_games_hours_range/);
    await expect(insert({ started_on: '2026-02-01', finished_on: '2026-01-01' })).rejects.toThrow(
      /user_games_dates_order/,
    );
  });

  it('goes with the game and with the account', async () => {
    await sql`delete from auth.users where id = ${user}`.execute(connection.db);
    const left = await connection.db.selectFrom('user_games').select('game_id').where('user_id', '=', user).execute();
    expect(left).toEqual([]);
  });
});

describe('a shelf, most recently updated first', () => {
  it('orders by the time of the change, then by game, and counts only that shelf', async () => {
    const { listLibrary } = await import('./play-status.server.ts');
    const shelfUser = randomUUID();
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${shelfUser}, 'shelf@example.test', now(), ${JSON.stringify({ username: 'shelfplayer', full_name: 'Shelf' })}::jsonb)`.execute(
      connection.db,
    );
    const ids = (await connection.db.selectFrom('games').select('id').orderBy('id').limit(4).execute()).map(
      (row) => row.id,
    );
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    // Two games changed at the same moment: the lower game id comes first.
    const rows = [
      { game_id: ids[0]!, status: 'playing' as const, updated_at: at(1) },
      { game_id: ids[1]!, status: 'played' as const, updated_at: at(3) },
      { game_id: ids[2]!, status: 'backlog' as const, updated_at: at(3) },
      { game_id: ids[3]!, status: null, wishlist: true, updated_at: at(9) },
    ];
    // Inserted with their times (only an update stamps updated_at).
    await connection.db
      .insertInto('user_games')
      .values(rows.map((row) => ({ user_id: shelfUser, ...row })))
      .execute();
    const page = await listLibrary(connection.db, shelfUser, {
      shelf: { shelf: 'all' },
      sort: 'updated',
      page: 1,
      pageSize: 10,
    });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.game.id)).toEqual([ids[1], ids[2], ids[0]]);
  });
});
