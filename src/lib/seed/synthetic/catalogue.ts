import { describeGame, type CatalogueRecord } from '../../catalogue-import/merge.ts';
import { GENRES } from '../../catalogue-import/reference.ts';
import { slugify } from '../../games/slug.ts';
import { createRandom } from '../random.ts';

/**
 * Deterministic synthetic catalogues for benchmarks: the same seed and size always give
 * byte-identical records. Every record is marked with the 'synthetic' source, and every
 * title and company name is visibly made up, so nobody mistakes it for real data.
 */

const ADJECTIVES = [
  'Crimson',
  'Silent',
  'Hollow',
  'Iron',
  'Neon',
  'Forgotten',
  'Shattered',
  'Golden',
  'Frozen',
  'Endless',
  'Wild',
  'Broken',
  'Hidden',
  'Burning',
  'Lunar',
  'Solar',
  'Savage',
  'Electric',
  'Sunken',
  'Eternal',
  'Phantom',
  'Rogue',
  'Cursed',
  'Radiant',
  'Tiny',
  'Distant',
  'Clockwork',
  'Velvet',
  'Obsidian',
  'Paper',
];
const NOUNS = [
  'Odyssey',
  'Frontier',
  'Citadel',
  'Legacy',
  'Horizon',
  'Kingdom',
  'Protocol',
  'Voyage',
  'Requiem',
  'Empire',
  'Garden',
  'Machine',
  'Labyrinth',
  'Crusade',
  'Harbor',
  'Outpost',
  'Dynasty',
  'Signal',
  'Covenant',
  'Circuit',
  'Tides',
  'Relic',
  'Bastion',
  'Reverie',
  'Drift',
  'Arena',
  'Expanse',
  'Sanctum',
  'Rally',
  'Tactics',
];
const SUBTITLES = [
  'Echoes of the Void',
  'Rise of the Fallen',
  'The Last Light',
  'Beyond the Veil',
  'Road to Dawn',
  'Ashes and Embers',
  'The Long Night',
  'Heart of Steel',
  'A New Age',
  'Shadows Below',
];
const NUMERALS = ['II', 'III', 'IV', '2', '3', 'Zero', 'Reborn', 'Remastered'];
const STUDIO_WORDS = [
  'Northwind',
  'Blue Comet',
  'Red Maple',
  'Tin Robot',
  'Quiet Owl',
  'Lighthouse',
  'Paper Crane',
  'Stone Giant',
  'Pixel Forge',
  'Moonlit',
];
const STUDIO_KINDS = ['Studios', 'Interactive', 'Games', 'Entertainment', 'Works', 'Digital'];

/** Years each platform was current, so synthetic games land on plausible platforms. */
const PLATFORM_YEARS: readonly [slug: string, from: number, to: number][] = [
  ['pc', 1985, 2030],
  ['mac', 1995, 2030],
  ['linux', 2008, 2030],
  ['nes', 1985, 1994],
  ['genesis', 1989, 1997],
  ['snes', 1991, 1998],
  ['game-boy', 1989, 2001],
  ['ps1', 1995, 2004],
  ['saturn', 1995, 1999],
  ['n64', 1996, 2002],
  ['dreamcast', 1999, 2002],
  ['ps2', 2000, 2012],
  ['gamecube', 2001, 2007],
  ['xbox', 2001, 2008],
  ['gba', 2001, 2009],
  ['ds', 2004, 2014],
  ['psp', 2005, 2014],
  ['xbox-360', 2005, 2016],
  ['ps3', 2006, 2017],
  ['wii', 2006, 2014],
  ['3ds', 2011, 2020],
  ['ps-vita', 2012, 2019],
  ['wii-u', 2012, 2017],
  ['ps4', 2013, 2024],
  ['xbox-one', 2013, 2024],
  ['switch', 2017, 2030],
  ['ps5', 2020, 2030],
  ['xbox-series', 2020, 2030],
  ['ios', 2008, 2030],
  ['android', 2009, 2030],
];

export interface SyntheticOptions {
  games: number;
  seed?: number;
  /** Release years span [firstYear, lastYear]; the end reaches past today so some games are upcoming. */
  firstYear?: number;
  lastYear?: number;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickSome<T>(random: () => number, items: readonly T[], min: number, max: number): T[] {
  const count = Math.min(items.length, min + Math.floor(random() * (max - min + 1)));
  const chosen = new Set<T>();
  while (chosen.size < count) chosen.add(pick(random, items));
  return [...chosen];
}

function isoDate(year: number, dayOfYear: number): string {
  return new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);
}

export function syntheticCompanies(count: number, seed: number): string[] {
  const random = createRandom(seed ^ 0x5eed);
  return Array.from(
    { length: count },
    (_, i) => `${pick(random, STUDIO_WORDS)} ${pick(random, STUDIO_KINDS)} ${i + 1} (synthetic)`,
  );
}

export function* syntheticCatalogue(options: SyntheticOptions): Generator<CatalogueRecord> {
  const { games, seed = 42, firstYear = 1985, lastYear = 2028 } = options;
  const random = createRandom(seed);
  const companies = syntheticCompanies(Math.max(10, Math.ceil(games / 50)), seed);
  const genreSlugs = GENRES.map((g) => g.slug).filter(
    (slug) => slug !== 'animation-modeling' && slug !== 'video-production',
  );

  for (let i = 1; i <= games; i += 1) {
    const shape = random();
    let title = `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
    if (shape < 0.25) title += ` ${pick(random, NUMERALS)}`;
    else if (shape < 0.5) title += `: ${pick(random, SUBTITLES)}`;

    const year = firstYear + Math.floor(random() * (lastYear - firstYear + 1));
    const releaseDate = isoDate(year, Math.floor(random() * 365));
    const candidates = PLATFORM_YEARS.filter(([, from, to]) => year >= from && year <= to).map(([slug]) => slug);
    const platforms = pickSome(random, candidates, 1, 4).map((slug, index) => ({
      slug,
      // Ports follow the launch by up to a year and a half.
      releaseDate: index === 0 ? releaseDate : isoDate(year, Math.floor(random() * 365) + Math.floor(random() * 180)),
    }));
    const earliest = platforms.reduce(
      (min, p) => (p.releaseDate && p.releaseDate < min ? p.releaseDate : min),
      releaseDate,
    );
    const developer = pick(random, companies);
    const publisher = random() < 0.4 ? developer : pick(random, companies);

    const record: CatalogueRecord = {
      slug: `${slugify(title)}-${i}`,
      title,
      summary: null,
      releaseDate: earliest,
      sources: ['synthetic'],
      platforms,
      genres: pickSome(random, genreSlugs, 1, 3),
      developers: [developer],
      publishers: [publisher],
    };
    record.summary = `Synthetic benchmark entry. ${describeGame(record)}`;
    yield record;
  }
}
