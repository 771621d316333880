import { describe, expect, it } from 'vitest';
import { gameSlugSchema, MAX_SLUG_LENGTH, SLUG_PATTERN, slugify, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Grand Theft Auto V', 'grand-theft-auto-v'],
    ['Pokémon Sword', 'pokemon-sword'],
    ['Ōkami HD', 'okami-hd'],
    ['Ratchet & Clank', 'ratchet-and-clank'],
    ['Tom Clancy’s Rainbow Six® Siege', 'tom-clancys-rainbow-six-siege'],
    ['Minecraft© Dungeons', 'minecraft-dungeons'],
    ["Assassin's Creed", 'assassins-creed'],
    ['Half-Life 2: Episode One', 'half-life-2-episode-one'],
    ['  --Spaced   Out!!  ', 'spaced-out'],
    ['DOOM (2016)', 'doom-2016'],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('drops the trademark signs ™ and ℠ instead of spelling them out', () => {
    expect(slugify('Tom Clancy’s Rainbow Six® Siege™')).toBe('tom-clancys-rainbow-six-siege');
    expect(slugify('Pac-Man℠ Championship')).toBe('pac-man-championship');
    expect(slugify('™')).toBe('');
  });

  it('returns an empty string when nothing usable is left', () => {
    expect(slugify('®©')).toBe('');
    expect(slugify('!!!')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('always produces something matching the slug pattern', () => {
    for (const title of ['Café & Crème', 'A—B', 'ÆON Flux', '3D Dot Game Heroes', 'Ünïcödé «Test»']) {
      const slug = slugify(title);
      expect(slug).toMatch(SLUG_PATTERN);
    }
  });

  it('caps the length without cutting a word in half', () => {
    expect(slugify('alpha beta gamma', 12)).toBe('alpha-beta');
    expect(slugify('alpha beta gamma', 14)).toBe('alpha-beta');
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const slug = slugify(long);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(long.toLowerCase().replace(/ /g, '-').startsWith(`${slug}-`)).toBe(true);
  });

  it('keeps the last word when the cap falls exactly at the end of it', () => {
    // 'alpha-beta' is 10 characters: both words fit, nothing needs cutting.
    expect(slugify('alpha beta gamma', 10)).toBe('alpha-beta');
  });

  it('cuts a single word longer than the cap at the cap', () => {
    expect(slugify('a'.repeat(150))).toBe('a'.repeat(MAX_SLUG_LENGTH));
  });
});

describe('uniqueSlug', () => {
  it('returns the base when free and records it as taken', () => {
    const taken = new Set<string>();
    expect(uniqueSlug('halo', taken)).toBe('halo');
    expect(taken.has('halo')).toBe(true);
  });

  it('suffixes -2, -3... for repeats', () => {
    const taken = new Set<string>();
    expect([uniqueSlug('halo', taken), uniqueSlug('halo', taken), uniqueSlug('halo', taken)]).toEqual([
      'halo',
      'halo-2',
      'halo-3',
    ]);
    expect([...taken].sort()).toEqual(['halo', 'halo-2', 'halo-3']);
  });

  it('skips suffixes that are already taken', () => {
    const taken = new Set(['halo', 'halo-2']);
    expect(uniqueSlug('halo', taken)).toBe('halo-3');
  });

  it('uses the fallback for an empty base', () => {
    const taken = new Set<string>();
    expect(uniqueSlug('', taken)).toBe('untitled');
    expect(uniqueSlug('', taken)).toBe('untitled-2');
    expect(uniqueSlug('', taken, 'game')).toBe('game');
  });

  it('keeps suffixed slugs within the maximum length and the pattern', () => {
    const base = slugify(`${'long-'.repeat(30)}end`);
    expect(base.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    const taken = new Set([base]);
    const second = uniqueSlug(base, taken);
    expect(second).not.toBe(base);
    expect(second.endsWith('-2')).toBe(true);
    expect(second.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(gameSlugSchema.safeParse(second).success).toBe(true);
  });
});

describe('gameSlugSchema', () => {
  it.each(['grand-theft-auto-v', 'doom', '2048', 'a-1-b'])('accepts %j', (slug) => {
    expect(gameSlugSchema.safeParse(slug).success).toBe(true);
  });

  it.each(['', 'Grand-Theft', 'a--b', '-a', 'a-', 'a b', 'a_b', 'pokémon', '../etc', 'a'.repeat(MAX_SLUG_LENGTH + 1)])(
    'rejects %j',
    (slug) => {
      expect(gameSlugSchema.safeParse(slug).success).toBe(false);
    },
  );

  it('accepts a slug of exactly the maximum length', () => {
    expect(gameSlugSchema.safeParse('a'.repeat(MAX_SLUG_LENGTH)).success).toBe(true);
  });
});
