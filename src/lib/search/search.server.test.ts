import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { queryWords, searchGames, suggest } from './search.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
});

afterAll(() => connection.close());

const labels = async (query: string) =>
  (await suggest(connection.db, query)).filter((s) => s.kind === 'game').map((s) => s.label);

describe('queryWords', () => {
  it('splits like title_words(): letters and digits, lower-cased, at most four words', () => {
    expect(queryWords('Half-Life 2: Episode')).toEqual(['half', 'life', '2', 'episode']);
    expect(queryWords('  a b c d e ')).toEqual(['a', 'b', 'c', 'd']);
    expect(queryWords('--')).toEqual([]);
  });
});

describe('typeahead suggestions', () => {
  it('puts titles that start with the query first, alphabetically', async () => {
    const found = await labels('grand theft');
    expect(found.slice(0, 3)).toEqual(['Grand Theft Auto III', 'Grand Theft Auto IV', 'Grand Theft Auto V']);
  });

  it('tolerates typos in every word', async () => {
    expect(await labels('grnd thft auto')).toContain('Grand Theft Auto V');
    expect(await labels('assasins creed')).toEqual(expect.arrayContaining(["Assassin's Creed Origins"]));
  });

  it('completes a word being typed in the middle of a title', async () => {
    expect(await labels('duty ghos')).toContain('Call of Duty: Ghosts');
  });

  it('needs every typed word to match something in the title', async () => {
    expect(await labels('zzqxj')).toEqual([]);
    expect(await labels('portal zzqxj')).toEqual([]);
  });

  it('learns the words of games added or renamed later', async () => {
    expect(await labels('quuxblaster')).toEqual([]);
    await connection.db
      .insertInto('games')
      .values({ slug: 'quux-blaster', title: 'Quuxblaster Deluxe', sources: ['editorial'] })
      .execute();
    expect(await labels('quxblaster')).toEqual(['Quuxblaster Deluxe']);
    await connection.db
      .updateTable('games')
      .set({ title: 'Zorbonaut Deluxe' })
      .where('slug', '=', 'quux-blaster')
      .execute();
    expect(await labels('zorbonat')).toEqual(['Zorbonaut Deluxe']);
    const words = await sql<{
      word: string;
    }>`select word from public.search_words where word in ('quuxblaster', 'zorbonaut') order by word`.execute(
      connection.db,
    );
    expect(words.rows.map((row) => row.word)).toEqual(['quuxblaster', 'zorbonaut']);
  });
});

describe('full results', () => {
  it('finds titles by substring or a similar word', async () => {
    const { items: games, total } = await searchGames(connection.db, 'half life', 1);
    expect(total).toBeGreaterThan(3);
    expect(games.map((game) => game.title)).toContain('Half-Life 2');
  });
});
