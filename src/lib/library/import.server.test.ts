import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { applyImport, previewImport } from './import.server.ts';
import { parseSteamJson } from './import.ts';

let connection: DatabaseConnection;
const user = randomUUID();
let games: { id: number; title: string }[];

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await sql`insert into auth.users (id, email, created_at) values (${user}, 'importer@example.test', now())`.execute(connection.db);
  games = await connection.db.selectFrom('games').select(['id', 'title']).orderBy('id').limit(2).execute();
});

afterAll(() => connection.close());

describe('library import', () => {
  it('previews matched and unmatched rows without writing, then fills only empty fields, twice the same', async () => {
    const file = parseSteamJson(
      JSON.stringify({
        response: {
          games: [
            { appid: 1, name: games[0]!.title.toUpperCase(), playtime_forever: 600 },
            { appid: 2, name: games[1]!.title, playtime_forever: 0 },
            { appid: 3, name: 'Zzqx Not A Real Game 9000', playtime_forever: 5 },
          ],
        },
      }),
    );
    const preview = await previewImport(connection.db, file);
    expect(preview.map((row) => [row.kind, row.game?.id ?? null])).toEqual([
      ['matched', games[0]!.id],
      ['matched', games[1]!.id],
      ['unmatched', null],
    ]);
    expect(await connection.db.selectFrom('user_games').select('game_id').where('user_id', '=', user).execute()).toEqual([]);

    // The user set the second game by hand before importing.
    await connection.db.insertInto('user_games').values({ user_id: user, game_id: games[1]!.id, status: 'completed', note: 'mine' }).execute();
    const links = new Map([
      [1, games[0]!.id],
      [2, games[1]!.id],
    ]);
    expect(await applyImport(connection.db, user, file.rows, links)).toEqual({ changed: 1, skipped: 1 });
    const rows = await connection.db.selectFrom('user_games').select(['game_id', 'status', 'hours_played', 'note']).where('user_id', '=', user).orderBy('game_id').execute();
    expect(rows).toEqual([
      { game_id: games[0]!.id, status: 'played', hours_played: '10.0', note: null },
      { game_id: games[1]!.id, status: 'completed', hours_played: null, note: 'mine' },
    ]);
    expect(await applyImport(connection.db, user, file.rows, links)).toEqual({ changed: 0, skipped: 1 });
  });
});
