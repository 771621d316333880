import { describe, expect, it } from 'vitest';
import {
  canView,
  likeRefusal,
  listDetailsSchema,
  listJsonLd,
  listUpdateSchema,
  reorderSchema,
  slugifyTitle,
  uniqueSlug,
} from './lists.ts';
import {
  applyPlayChange,
  emptyPlayState,
  isEmptyPlayState,
  playStatusChangeSchema,
  statusFromParam,
} from '../library/play-status.ts';

describe('list rules', () => {
  it('makes slugs from titles, unique per owner', () => {
    expect(slugifyTitle('  Pokémon & Zelda: Best of 2026!! ')).toBe('pokemon-and-zelda-best-of-2026');
    expect(slugifyTitle('★★★')).toBe('list');
    expect(uniqueSlug('best', new Set(['best', 'best-2']))).toBe('best-3');
  });

  it('validates details with the limits users are told', () => {
    expect(listDetailsSchema.parse({ title: ' Mine ', description: '  ' })).toEqual({
      title: 'Mine',
      description: null,
      visibility: 'public',
      ranked: false,
    });
    expect(listDetailsSchema.safeParse({ title: 'x', description: 'd'.repeat(2001) }).error?.issues[0]?.message).toBe(
      'The description can be at most 2000 characters.',
    );
    expect(listDetailsSchema.safeParse({ title: 'x', visibility: 'secret' }).success).toBe(false);
    expect(reorderSchema.safeParse({ gameIds: [1, 2, 1] }).error?.issues[0]?.message).toBe(
      'A game appears twice in the new order.',
    );
  });

  it('changes only what an update names: no default turns a private list public or a ranked one unranked', () => {
    expect(listUpdateSchema.parse({ description: 'Only this.' })).toEqual({ description: 'Only this.' });
    expect(listUpdateSchema.parse({ title: 'Renamed' })).toEqual({ title: 'Renamed' });
    expect(listUpdateSchema.parse({ description: '  ' })).toEqual({ description: null });
    expect(listUpdateSchema.parse({ description: null, visibility: 'private', ranked: true })).toEqual({
      description: null,
      visibility: 'private',
      ranked: true,
    });
    expect(listUpdateSchema.safeParse({ owner: 'someone' }).success).toBe(false);
  });

  it('hides private lists, hidden lists and the lists of private profiles from everyone but the owner, and refuses likes that make no sense', () => {
    const shown = { visibility: 'public' as const, userId: 'a', hidden: false, ownerIsPublic: true };
    for (const list of [
      { ...shown, visibility: 'private' as const },
      { ...shown, hidden: true },
      { ...shown, ownerIsPublic: false },
    ]) {
      expect(canView(list, null)).toBe(false);
      expect(canView(list, 'b')).toBe(false);
      expect(canView(list, 'a')).toBe(true);
    }
    expect(canView(shown, null)).toBe(true);
    expect(canView({ ...shown, visibility: 'unlisted' }, 'b')).toBe(true);
    expect(likeRefusal({ visibility: 'unlisted', userId: 'a' }, 'b')).toBeNull();
    expect(likeRefusal({ visibility: 'public', userId: 'a' }, 'a')).toBe('You cannot like your own list.');
    expect(likeRefusal({ visibility: 'public', userId: 'a' }, null)).toBe('Sign in to like lists.');
  });

  it('describes a list as a schema.org ItemList in order', () => {
    const ld = listJsonLd(
      { title: 'Top', description: null, ownerUsername: 'ann' },
      [{ position: 1, game: { slug: 'hades', title: 'Hades' } }],
      'https://example.test',
    );
    expect(ld).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 1,
      itemListElement: [{ position: 1, url: 'https://example.test/games/hades', name: 'Hades' }],
    });
  });
});

describe('play status changes', () => {
  it('applies only what is sent, and knows an empty row', () => {
    const state = applyPlayChange(emptyPlayState(4), { status: 'playing', note: '   ' });
    expect(state).toMatchObject({ gameId: 4, status: 'playing', note: null, wishlist: false });
    expect(isEmptyPlayState(applyPlayChange(state, { status: null }))).toBe(true);
    expect(playStatusChangeSchema.safeParse({ hoursPlayed: -1 }).error?.issues[0]?.message).toBe(
      'Hours played cannot be negative.',
    );
    expect(playStatusChangeSchema.safeParse({ startedOn: '2026-02-30' }).success).toBe(false);
    expect(playStatusChangeSchema.safeParse({ colour: 'red' }).success).toBe(false);
    expect(statusFromParam('backlog')).toBe('backlog');
    expect(statusFromParam('finished')).toBeUndefined();
  });
});
