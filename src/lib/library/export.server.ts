import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LibraryExport } from './export-file.ts';

/** Everything a user keeps here, to take elsewhere: statuses with flags and notes, custom lists with entries. */
export async function exportLibrary(db: Kysely<Database>, userId: string): Promise<LibraryExport> {
  const [statuses, lists, entries] = await Promise.all([
    db
      .selectFrom('user_games')
      .innerJoin('games', 'games.id', 'user_games.game_id')
      .leftJoin('platforms', 'platforms.id', 'user_games.platform_id')
      .select([
        'games.title',
        'games.slug',
        'user_games.status',
        'user_games.wishlist',
        'user_games.favourite',
        'platforms.name as platform',
        'user_games.hours_played',
        'user_games.started_on',
        'user_games.finished_on',
        'user_games.note',
        'user_games.updated_at',
      ])
      .where('user_games.user_id', '=', userId)
      .orderBy('games.title')
      .execute(),
    db
      .selectFrom('user_lists')
      .select(['id', 'title', 'slug', 'description', 'visibility', 'ranked', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_list_entries')
      .innerJoin('user_lists', 'user_lists.id', 'user_list_entries.list_id')
      .innerJoin('games', 'games.id', 'user_list_entries.game_id')
      .select([
        'user_lists.slug as list',
        'user_list_entries.position',
        'games.title',
        'games.slug',
        'user_list_entries.note',
      ])
      .where('user_lists.user_id', '=', userId)
      .orderBy('user_lists.id')
      .orderBy('user_list_entries.position')
      .execute(),
  ]);
  const entriesOf = new Map<string, { position: number; title: string; slug: string; note: string | null }[]>();
  for (const { list, ...entry } of entries) {
    const of = entriesOf.get(list) ?? [];
    of.push(entry);
    entriesOf.set(list, of);
  }
  return {
    statuses: statuses.map((row) => ({
      ...row,
      hours_played: row.hours_played === null ? null : Number(row.hours_played),
      updated_at: row.updated_at.toISOString(),
    })),
    lists: lists.map((list) => ({
      title: list.title,
      slug: list.slug,
      description: list.description,
      visibility: list.visibility,
      ranked: list.ranked,
      created_at: list.created_at.toISOString(),
      entries: entriesOf.get(list.slug) ?? [],
    })),
  };
}
