import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Everything a user keeps here, to take elsewhere: statuses with flags and notes, custom lists with entries. */
export async function exportLibrary(db: Kysely<Database>, userId: string) {
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
    db.selectFrom('user_lists').select(['id', 'title', 'slug', 'description', 'visibility', 'ranked', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('user_list_entries')
      .innerJoin('user_lists', 'user_lists.id', 'user_list_entries.list_id')
      .innerJoin('games', 'games.id', 'user_list_entries.game_id')
      .select(['user_lists.slug as list', 'user_list_entries.position', 'games.title', 'games.slug', 'user_list_entries.note'])
      .where('user_lists.user_id', '=', userId)
      .orderBy('user_lists.id')
      .orderBy('user_list_entries.position')
      .execute(),
  ]);
  return {
    statuses: statuses.map((row) => ({ ...row, hours_played: row.hours_played === null ? null : Number(row.hours_played), updated_at: row.updated_at.toISOString() })),
    lists: lists.map((list) => ({
      title: list.title,
      slug: list.slug,
      description: list.description,
      visibility: list.visibility,
      ranked: list.ranked,
      created_at: list.created_at.toISOString(),
      entries: entries.filter((entry) => entry.list === list.slug).map(({ list: _list, ...entry }) => entry),
    })),
  };
}

export type LibraryExport = Awaited<ReturnType<typeof exportLibrary>>;

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csv = (header: string[], rows: unknown[][]) => [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** The export as CSV files (statuses, lists, list entries). */
export function exportCsvFiles(data: LibraryExport): { name: string; content: string }[] {
  return [
    {
      name: 'statuses.csv',
      content: csv(
        ['title', 'slug', 'status', 'wishlist', 'favourite', 'platform', 'hours_played', 'started_on', 'finished_on', 'note', 'updated_at'],
        data.statuses.map((row) => [row.title, row.slug, row.status, row.wishlist, row.favourite, row.platform, row.hours_played, row.started_on, row.finished_on, row.note, row.updated_at]),
      ),
    },
    {
      name: 'lists.csv',
      content: csv(['title', 'slug', 'description', 'visibility', 'ranked', 'created_at'], data.lists.map((list) => [list.title, list.slug, list.description, list.visibility, list.ranked, list.created_at])),
    },
    {
      name: 'list-entries.csv',
      content: csv(['list', 'position', 'title', 'slug', 'note'], data.lists.flatMap((list) => list.entries.map((entry) => [list.slug, entry.position, entry.title, entry.slug, entry.note]))),
    },
  ];
}
