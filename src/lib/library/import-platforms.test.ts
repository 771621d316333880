import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../catalogue-import/reference.ts';
import { blankRow } from './import.ts';
import { matchPlatform, platformProblems } from './import-platforms.ts';

const platforms = PLATFORMS.map((platform, i) => ({ id: i + 1, ...platform }));
const slugOf = (name: string) => matchPlatform(name, platforms)?.slug ?? null;

describe('platform names in imported files', () => {
  it('match the site platform by name, abbreviation, slug or a HowLongToBeat name', () => {
    expect(
      [
        'PC',
        'PlayStation 5',
        'ps5',
        'PS5',
        'Nintendo Switch',
        'Xbox Series X/S',
        'Mac',
        'Nintendo GameCube',
        'Sega Mega Drive/Genesis',
        'Super Nintendo',
        'NES',
      ].map(slugOf),
    ).toEqual(['pc', 'ps5', 'ps5', 'ps5', 'switch', 'xbox-series', 'mac', 'gamecube', 'genesis', 'snes', 'nes']);
    expect(slugOf('Gizmondo')).toBeNull();
    expect(slugOf('  ')).toBeNull();
  });

  it('name each unknown platform once, with how many games', () => {
    const rows = [
      { ...blankRow(2, 'A'), platform: 'Gizmondo' },
      { ...blankRow(3, 'B'), platform: 'Gizmondo' },
      { ...blankRow(4, 'C'), platform: 'PC' },
    ];
    expect(
      platformProblems(
        rows,
        new Map([
          ['Gizmondo', null],
          ['PC', 1],
        ]),
      ),
    ).toEqual(['The platform "Gizmondo" (2 games) is not one this site knows, so it is left out.']);
  });
});
