import { describeGame, type CatalogueRecord } from '../../catalogue-import/merge.ts';
import { GENRES } from '../../catalogue-import/reference.ts';
import { slugify, uniqueSlug } from '../../games/slug.ts';
import { aggregateReviews, denormaliseScore, normaliseScore, recommendsByScore } from '../../scores/scores.ts';
import { createRandom } from '../random.ts';
import { DEMO_OUTLETS, type DemoOutlet } from './outlets.ts';
import type { ReviewDraft } from '../reviews.ts';

/**
 * The demo's critics: invented outlets (every score scale), authors, reviews and previews
 * of the demo games, a few invented games around today (recent and upcoming releases,
 * some with embargoed reviews) and collections. Everything here is made up and marked
 * as demo wherever it is shown. Deterministic: the same catalogue, anchor day and seed
 * always give the same data (dates are placed relative to the anchor, so upcoming games
 * stay upcoming whenever the demo is loaded).
 */

export const DEMO_CRITICS_SEED = 4_2024;

/** Every embargoed demo review's excerpt starts with this, so tests can look for leaks. */
export const EMBARGO_MARKER = 'Embargoed demo review';

const FIRST_NAMES = [
  'Ada',
  'Bram',
  'Cleo',
  'Dario',
  'Edie',
  'Femi',
  'Greta',
  'Hugo',
  'Ines',
  'Jonah',
  'Kaia',
  'Luca',
  'Mira',
  'Nico',
  'Odile',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sami',
  'Tove',
  'Uma',
  'Viggo',
  'Wren',
  'Xavi',
  'Yara',
  'Zeke',
];
const LAST_NAMES = [
  'Abernathy',
  'Bellweather',
  'Castellano',
  'Delacroix',
  'Eriksen',
  'Fairbanks',
  'Galloway',
  'Holloway',
  'Ishikawa',
  'Jovanovic',
  'Kowalczyk',
  'Lindqvist',
  'Marchetti',
  'Nakamura',
  'Okonkwo',
  'Petrova',
  'Quintero',
  'Rasmussen',
  'Silvestri',
  'Thornbury',
  'Underhill',
  'Vasquez',
  'Whitlock',
  'Yilmaz',
  'Zamora',
];

export interface DemoAuthor {
  name: string;
  slug: string;
  bio: string;
  /** Outlet slugs, first one is where the author is staff. */
  outlets: string[];
}

export interface DemoReview extends ReviewDraft {
  gameSlug: string;
  outletSlug: string;
  /** Index into the authors list. */
  author: number;
  /** Normalised 0-100 (what the database will compute), null when unscored. */
  score: number | null;
}

export interface DemoCollection {
  slug: string;
  title: string;
  description: string;
  games: string[];
}

export interface DemoCritics {
  outlets: readonly DemoOutlet[];
  authors: DemoAuthor[];
  games: CatalogueRecord[];
  reviews: DemoReview[];
  collections: DemoCollection[];
}

const DAY = 86_400_000;

function isoDay(anchor: Date, offsetDays: number): string {
  return new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate()) + offsetDays * DAY)
    .toISOString()
    .slice(0, 10);
}

interface InventedGame {
  title: string;
  offsetDays: number;
  genres: string[];
  platforms: string[];
  developer: string;
  publisher: string;
  /** Critic reviews published so far (before the anchor). */
  reviews: number;
  previews: number;
  /** Reviews written but under embargo until release (or a couple of days from now). */
  embargoed: number;
  quality: number;
}

/** Invented games around the anchor day: the real datasets stop in 2018, so these make "recent" and "upcoming" real. */
export const INVENTED_GAMES: readonly InventedGame[] = [
  {
    title: 'Lanternfall',
    offsetDays: -12,
    genres: ['action-adventure', 'rpg'],
    platforms: ['ps5', 'xbox-series', 'pc'],
    developer: 'Lantern Lane Studio',
    publisher: 'Northlight Publishing',
    reviews: 14,
    previews: 2,
    embargoed: 0,
    quality: 88,
  },
  {
    title: 'Orbital Gardeners',
    offsetDays: -40,
    genres: ['simulation', 'casual'],
    platforms: ['switch', 'pc'],
    developer: 'Greenhouse Games',
    publisher: 'Greenhouse Games',
    reviews: 9,
    previews: 1,
    embargoed: 0,
    quality: 79,
  },
  {
    title: 'Midnight Courier',
    offsetDays: -5,
    genres: ['action', 'racing'],
    platforms: ['ps5', 'pc'],
    developer: 'Night Shift Interactive',
    publisher: 'Northlight Publishing',
    reviews: 6,
    previews: 1,
    embargoed: 1,
    quality: 66,
  },
  {
    title: 'Tin Soldiers Tactics',
    offsetDays: -75,
    genres: ['strategy'],
    platforms: ['pc', 'switch'],
    developer: 'Clockwork Hussar',
    publisher: 'Clockwork Hussar',
    reviews: 3,
    previews: 0,
    embargoed: 0,
    quality: 72,
  },
  {
    title: 'Starfall Cartographers',
    offsetDays: 9,
    genres: ['adventure', 'indie'],
    platforms: ['pc', 'ps5', 'switch'],
    developer: 'Compass Rose Games',
    publisher: 'Northlight Publishing',
    reviews: 0,
    previews: 4,
    embargoed: 5,
    quality: 84,
  },
  {
    title: 'Hollow Bells',
    offsetDays: 25,
    genres: ['action', 'rpg'],
    platforms: ['ps5', 'xbox-series'],
    developer: 'Belfry Works',
    publisher: 'Greyhound Entertainment',
    reviews: 0,
    previews: 3,
    embargoed: 2,
    quality: 75,
  },
  {
    title: 'Ferro Rally 2',
    offsetDays: 48,
    genres: ['racing', 'sports'],
    platforms: ['ps5', 'xbox-series', 'pc'],
    developer: 'Ferro Motorsport Games',
    publisher: 'Greyhound Entertainment',
    reviews: 0,
    previews: 2,
    embargoed: 0,
    quality: 70,
  },
  {
    title: 'Sunken Archive',
    offsetDays: 80,
    genres: ['puzzle', 'adventure'],
    platforms: ['switch', 'pc'],
    developer: 'Tidewater Collective',
    publisher: 'Tidewater Collective',
    reviews: 0,
    previews: 2,
    embargoed: 0,
    quality: 80,
  },
  {
    title: 'Quiet Engines',
    offsetDays: 140,
    genres: ['simulation', 'strategy'],
    platforms: ['pc'],
    developer: 'Greenhouse Games',
    publisher: 'Greenhouse Games',
    reviews: 0,
    previews: 1,
    embargoed: 0,
    quality: 74,
  },
  {
    title: 'Paper Moon Parade',
    offsetDays: 210,
    genres: ['platformer', 'music'],
    platforms: ['switch'],
    developer: 'Origami Orchestra',
    publisher: 'Northlight Publishing',
    reviews: 0,
    previews: 0,
    embargoed: 0,
    quality: 77,
  },
];

const genreNames = new Map(GENRES.map((genre) => [genre.slug, genre.name]));

const VERDICTS: Record<'great' | 'good' | 'mixed' | 'poor', readonly string[]> = {
  great: [
    'An essential {genre} game.',
    'A new high point for {dev}.',
    'Confident, generous and hard to put down.',
    'Easy to recommend to anyone.',
  ],
  good: [
    'A strong {genre} game with a few rough edges.',
    'Worth your time, if not your whole weekend.',
    'Solid, polished and a little safe.',
    'Good fun that knows what it is.',
  ],
  mixed: [
    'Good ideas, uneven execution.',
    'Fans of {genre} games may find enough here.',
    'Fun in bursts, tiring in between.',
    'Wait for a sale.',
  ],
  poor: ['Hard to recommend.', 'Rough around every edge.', 'A {genre} game that forgets to be fun.', 'Skip this one.'],
};

const EXCERPTS = [
  '{title} is at its best when it trusts the player: the opening hours set up systems that keep paying off.',
  'Across the time we spent with {title}, the moment-to-moment play held up better than the story around it.',
  'The {platform} version of {title} runs well and looks the part, and the controls never get in the way.',
  '{title} borrows freely from its genre, and what it adds is mostly worth having.',
  'We finished {title} twice; the second run showed how much of its design is hidden at first.',
  'There is a good game inside {title}, but it takes patience to find it under the menus.',
];

const PREVIEW_EXCERPTS = [
  'We played the first two hours of {title} ahead of release: early impressions are promising.',
  'A hands-on session with {title} showed off its core loop and a surprisingly flexible toolset.',
  'Our preview build of {title} was rough in places, but the ideas are there.',
];

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

function verdictBucket(score: number): keyof typeof VERDICTS {
  if (score >= 85) return 'great';
  if (score >= 70) return 'good';
  if (score >= 50) return 'mixed';
  return 'poor';
}

function inventedRecord(game: InventedGame, anchor: Date): CatalogueRecord {
  const releaseDate = isoDay(anchor, game.offsetDays);
  const record: CatalogueRecord = {
    slug: slugify(game.title),
    title: game.title,
    summary: null,
    releaseDate,
    sources: ['demo'],
    platforms: game.platforms.map((slug) => ({ slug, releaseDate })),
    genres: game.genres,
    developers: [game.developer],
    publishers: [game.publisher],
  };
  record.summary = `An invented game for the demo data. ${describeGame(record)}`;
  return record;
}

/**
 * Builds the demo's critics for `catalogue` (the demo catalogue's records). `anchor` is
 * "today" for the demo: published dates fall before it, embargoes and upcoming releases
 * after it.
 */
export function demoCritics(
  catalogue: readonly CatalogueRecord[],
  anchor: Date,
  seed = DEMO_CRITICS_SEED,
): DemoCritics {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const normal = () => {
    // Irwin-Hall: close enough to a bell curve, and deterministic.
    let sum = 0;
    for (let i = 0; i < 6; i += 1) sum += random();
    return sum - 3;
  };

  // Authors: two to four per outlet, some writing for a second outlet too.
  const authors: DemoAuthor[] = [];
  const takenSlugs = new Set<string>();
  const staffOf = new Map<string, number[]>();
  for (const demoOutlet of DEMO_OUTLETS) {
    const count = 2 + Math.floor(random() * 3);
    for (let i = 0; i < count; i += 1) {
      let name: string;
      do name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
      while (takenSlugs.has(slugify(name)));
      const slug = uniqueSlug(slugify(name), takenSlugs);
      authors.push({
        name,
        slug,
        bio: `An invented critic for the demo data, writing for ${demoOutlet.name}.`,
        outlets: [demoOutlet.slug],
      });
      staffOf.set(demoOutlet.slug, [...(staffOf.get(demoOutlet.slug) ?? []), authors.length - 1]);
    }
  }
  for (const [index, author] of authors.entries()) {
    if (random() < 0.2) {
      const second = pick(DEMO_OUTLETS);
      if (!author.outlets.includes(second.slug)) {
        author.outlets.push(second.slug);
        author.bio = `An invented critic for the demo data, writing for ${author.outlets
          .map((slug) => DEMO_OUTLETS.find((o) => o.slug === slug)!.name)
          .join(' and ')}.`;
        staffOf.set(second.slug, [...(staffOf.get(second.slug) ?? []), index]);
      }
    }
  }

  const reviews: DemoReview[] = [];
  const anchorMs = anchor.getTime();

  function writeReview(
    record: CatalogueRecord,
    kind: 'review' | 'preview',
    demoOutlet: DemoOutlet,
    quality: number,
    publishedAt: Date,
    embargoed: boolean,
  ): void {
    const platform = record.platforms.length > 0 ? pick(record.platforms).slug : null;
    const genre = genreNames.get(record.genres[0] ?? '') ?? 'genre';
    const values = {
      title: record.title,
      genre,
      dev: record.developers[0] ?? 'the studio',
      platform: platform ?? 'tested',
    };
    const author = pick(staffOf.get(demoOutlet.slug)!);
    if (kind === 'preview') {
      reviews.push({
        gameSlug: record.slug,
        outletSlug: demoOutlet.slug,
        author,
        kind,
        scale: demoOutlet.scale,
        rawScore: null,
        score: null,
        recommended: null,
        verdict: 'Preview: first impressions',
        excerpt: fill(pick(PREVIEW_EXCERPTS), values),
        url: `https://${demoOutlet.slug}.example/previews/${record.slug}`,
        platformSlug: platform,
        publishedAt: publishedAt.toISOString(),
      });
      return;
    }
    const given = quality + demoOutlet.bias + normal() * 6;
    const rawScore = denormaliseScore(given, demoOutlet.scale);
    const score = normaliseScore(demoOutlet.scale, rawScore);
    const recommended =
      score === null ? given + normal() * 4 >= demoOutlet.threshold : recommendsByScore(score, demoOutlet.threshold);
    const excerpt = fill(pick(EXCERPTS), values);
    reviews.push({
      gameSlug: record.slug,
      outletSlug: demoOutlet.slug,
      author,
      kind,
      scale: demoOutlet.scale,
      rawScore,
      score,
      recommended,
      verdict: fill(pick(VERDICTS[verdictBucket(score ?? given)]), values),
      excerpt: embargoed ? `${EMBARGO_MARKER} until ${publishedAt.toISOString()}: ${excerpt}` : excerpt,
      url: `https://${demoOutlet.slug}.example/reviews/${record.slug}`,
      platformSlug: platform,
      publishedAt: publishedAt.toISOString(),
    });
  }

  const shuffledOutlets = () => {
    const list = [...DEMO_OUTLETS];
    for (let i = list.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  const atHour = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

  // The real games: reviews around their release dates (all in the past).
  for (const record of catalogue) {
    const quality = Math.max(30, Math.min(96, 74 + normal() * 11));
    const roll = random();
    // 12% without reviews, 10% under the threshold of four scored reviews, the rest 4-18.
    const count = roll < 0.12 ? 0 : roll < 0.22 ? 1 + Math.floor(random() * 3) : 4 + Math.floor(random() * 15);
    const release = record.releaseDate ? Date.parse(`${record.releaseDate}T00:00:00Z`) : anchorMs - 400 * DAY;
    const outlets = shuffledOutlets();
    for (let i = 0; i < count; i += 1) {
      const published = new Date(
        Math.min(release + Math.floor((random() * 40 - 2) * DAY) + 9 * 3_600_000, anchorMs - DAY),
      );
      writeReview(record, 'review', outlets[i]!, quality, published, false);
    }
    if (count > 0 && random() < 0.3) {
      const previewer = outlets[count % outlets.length]!;
      writeReview(
        record,
        'preview',
        previewer,
        quality,
        new Date(release - Math.floor((10 + random() * 100) * DAY)),
        false,
      );
    }
  }

  // The invented games: recent releases with fresh reviews, upcoming ones with previews
  // and embargoed reviews (embargo lifts on release day at 14:00 UTC, or in two days for
  // a game already out).
  const games = INVENTED_GAMES.map((game) => inventedRecord(game, anchor));
  for (const [index, game] of INVENTED_GAMES.entries()) {
    const record = games[index]!;
    const outlets = shuffledOutlets();
    let next = 0;
    for (let i = 0; i < game.reviews; i += 1) {
      const daysAfter = Math.min(
        -game.offsetDays - 1,
        Math.floor(random() * Math.max(1, Math.min(20, -game.offsetDays))),
      );
      const published = atHour(isoDay(anchor, game.offsetDays + Math.max(0, daysAfter)), 9 + (i % 8));
      writeReview(record, 'review', outlets[next++]!, game.quality, published, false);
    }
    for (let i = 0; i < game.embargoed; i += 1) {
      const liftDay = game.offsetDays > 0 ? game.offsetDays : 2;
      writeReview(record, 'review', outlets[next++]!, game.quality, atHour(isoDay(anchor, liftDay), 14), true);
    }
    for (let i = 0; i < game.previews; i += 1) {
      const daysBefore = 3 + Math.floor(random() * 30);
      const published = atHour(isoDay(anchor, Math.min(game.offsetDays - daysBefore, -1 - i)), 16);
      writeReview(record, 'preview', outlets[next++]!, game.quality, published, false);
    }
  }

  // Collections, chosen from what the reviews say (only what is public at the anchor).
  const scores = new Map<string, { score: number | null; reviews: number }>();
  const byGame = new Map<string, DemoReview[]>();
  for (const review of reviews) {
    if (Date.parse(review.publishedAt) > anchorMs) continue;
    byGame.set(review.gameSlug, [...(byGame.get(review.gameSlug) ?? []), review]);
  }
  for (const [slug, list] of byGame) {
    const aggregate = aggregateReviews(list);
    scores.set(slug, { score: aggregate.criticScore, reviews: aggregate.reviewCount });
  }
  const all = [...catalogue, ...games];
  const scored = (filter: (record: CatalogueRecord) => boolean) =>
    all
      .filter((record) => filter(record) && scores.get(record.slug)?.score != null)
      .sort((a, b) => scores.get(b.slug)!.score! - scores.get(a.slug)!.score! || a.title.localeCompare(b.title));
  const released = (record: CatalogueRecord) => record.releaseDate !== null && record.releaseDate <= isoDay(anchor, 0);

  const collections: DemoCollection[] = [
    {
      slug: 'critics-favourites',
      title: 'Critics’ favourites',
      description: 'The ten highest critic scores in the demo catalogue. Chosen from the (invented) demo reviews.',
      games: scored(released)
        .slice(0, 10)
        .map((record) => record.slug),
    },
    {
      slug: 'strategy-nights',
      title: 'Strategy nights',
      description: 'Strategy games worth clearing an evening for, best reviewed first.',
      games: scored((record) => record.genres.includes('strategy'))
        .slice(0, 8)
        .map((record) => record.slug),
    },
    {
      slug: 'hidden-gems',
      title: 'Hidden gems',
      description: 'Scored 80 or more by only a handful of critics: easy to miss, worth finding.',
      games: scored(
        (record) => (scores.get(record.slug)?.reviews ?? 0) <= 7 && (scores.get(record.slug)?.score ?? 0) >= 80,
      )
        .slice(0, 8)
        .map((record) => record.slug),
    },
    {
      slug: 'coming-soon',
      title: 'Coming soon',
      description: 'Invented upcoming games from the demo data, soonest first.',
      games: games.filter((record) => !released(record)).map((record) => record.slug),
    },
  ];

  return { outlets: DEMO_OUTLETS, authors, games, reviews, collections };
}
