import { describe, expect, it } from 'vitest';
import type { GameForEditView, GameInput } from '../admin/games.ts';
import { fieldsChangedByEdit } from './provenance.ts';

const before: GameForEditView = {
  id: 1,
  slug: 'celeste',
  title: 'Celeste',
  summary: 'Climb the mountain.',
  releaseDate: '2018-01-25',
  coverImageUrl: null,
  platforms: [{ slug: 'pc', releaseDate: '2018-01-25' }],
  genres: ['Platformer'],
  developers: ['Maddy Makes Games'],
  publishers: ['Maddy Makes Games'],
};
const unchanged: GameInput = { ...before, slug: 'celeste' };

describe('fieldsChangedByEdit', () => {
  it('names nothing when the form comes back as it was shown', () => {
    expect(fieldsChangedByEdit(before, unchanged)).toEqual([]);
    expect(fieldsChangedByEdit(before, { ...unchanged, genres: ['Platformer'] })).toEqual([]);
  });

  it('names each field the administrator changed', () => {
    expect(fieldsChangedByEdit(before, { ...unchanged, title: 'Celeste (2018)', summary: '' })).toEqual([
      'title',
      'summary',
    ]);
    expect(
      fieldsChangedByEdit(before, { ...unchanged, platforms: [{ slug: 'switch', releaseDate: '2018-01-25' }] }),
    ).toEqual(['platforms', 'release_date']);
    expect(fieldsChangedByEdit(before, { ...unchanged, developers: [], publishers: ['Someone'] })).toEqual([
      'developers',
      'publishers',
    ]);
  });
});
