import type { GameForEditView, GameInput } from '../admin/games.ts';

/** The game fields whose source is remembered (game_field_sources.field). */
export const TRACKED_FIELDS = [
  'title',
  'summary',
  'release_date',
  'cover_image_url',
  'platforms',
  'genres',
  'developers',
  'publishers',
] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * The fields an administrator's save through the game editor changed: these become the
 * administrator's, and no sync writes them again.
 */
export function fieldsChangedByEdit(before: GameForEditView, input: GameInput): TrackedField[] {
  const changed: TrackedField[] = [];
  if (input.title !== before.title) changed.push('title');
  if ((input.summary ?? '') !== before.summary) changed.push('summary');
  const platforms = (list: readonly { slug: string; releaseDate?: string }[]) =>
    list.map((p) => `${p.slug}@${p.releaseDate ?? ''}`);
  if (!sameList(platforms(input.platforms), platforms(before.platforms))) changed.push('platforms', 'release_date');
  else if ((input.releaseDate ?? '') !== before.releaseDate) changed.push('release_date');
  if (!sameList(input.genres, before.genres)) changed.push('genres');
  if (!sameList(input.developers, before.developers)) changed.push('developers');
  if (!sameList(input.publishers, before.publishers)) changed.push('publishers');
  return changed;
}
