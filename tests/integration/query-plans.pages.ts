import type { AstroGlobal } from 'astro';
import { sql, type Kysely } from 'kysely';
import { handleSearch } from '../../functions/search/handlers.ts';
import { getProfile } from '../../src/lib/auth/profiles.server.ts';
import { guardResolvers } from '../../src/lib/auth/guard-resolvers.server.ts';
import { authorPage } from '../../src/lib/authors/authors.server.ts';
import { parseBrowsePath, parseBrowseQuery } from '../../src/lib/browse/browse.ts';
import { browsePage } from '../../src/lib/browse/browse.server.ts';
import { calendarMonth } from '../../src/lib/calendar/calendar.server.ts';
import { getCollection, listCollections } from '../../src/lib/collections/collections.server.ts';
import { friendsFeed } from '../../src/lib/dashboard/friends-feed.server.ts';
import { dashboardHome } from '../../src/lib/dashboard/home.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { followCountsOf, followedOutlets, outletFeed, suggestedOutlets } from '../../src/lib/follows/follows.server.ts';
import { todayIso } from '../../src/lib/format/dates.ts';
import {
  gamePreviewsPage,
  gameReviewsPage,
  gameSimilarPage,
  loadGameOverview,
  loadGamePage,
} from '../../src/lib/games/game-page.server.ts';
import { parseGameListingParams } from '../../src/lib/games/games.ts';
import { gamesIndexPage } from '../../src/lib/games/listing.server.ts';
import { homePage } from '../../src/lib/home/home.server.ts';
import { loadShelf } from '../../src/lib/library/shelf.server.ts';
import {
  loadDiscover,
  loadLikedLists,
  loadOwnList,
  loadOwnLists,
  loadPublicList,
  loadUserLists,
} from '../../src/lib/lists/list-pages.server.ts';
import { hiddenReviewsOf } from '../../src/lib/moderation/content.server.ts';
import { getPreferences, listNotifications } from '../../src/lib/notifications/notifications.server.ts';
import { listOutlets, outletPage } from '../../src/lib/outlets/outlets.server.ts';
import { loadProfile } from '../../src/lib/profiles/profile-page.server.ts';
import { loadYearPage } from '../../src/lib/profiles/year-page.server.ts';
import { PROFILE_SECTIONS } from '../../src/lib/profiles/profile-sections.server.ts';
import { activityPage, findPublicProfile, profileCounts, profilePage } from '../../src/lib/profiles/profiles.server.ts';
import { publisherPage } from '../../src/lib/publishers/publishers.server.ts';
import { genreRanking } from '../../src/lib/reviews/rankings.server.ts';
import { parseGameReviewsParams } from '../../src/lib/reviews/reviews.ts';
import { latestReviewsPage } from '../../src/lib/reviews/reviews.server.ts';
import { parseSearchParam } from '../../src/lib/search/search.ts';
import { syntheticUserId, syntheticUsername } from '../../src/lib/seed/synthetic/community/users.server.ts';
import { reviewsByUser, userReviewsPage } from '../../src/lib/user-reviews/user-reviews.server.ts';
import { reviewListQuerySchema } from '../../src/lib/user-reviews/user-reviews.ts';
import { leaderboard } from '../../src/lib/xp/leaderboard.server.ts';
import { earnedToday, levelOf, recentXp } from '../../src/lib/xp/xp.server.ts';

/**
 * Every page type of the site, rendered the way its route renders it: the same loaders with
 * the same arguments, plus the queries of the components on it that read the database
 * (UserScore on the game page, ProfileCommunity on the profile) and of the route guard that
 * runs before it (the author page's canonical-name check). Loaders that read `getDb()` get the
 * recording connection through `setConnector`; the others are handed it.
 *
 * Each page must find what it asks for: a page that answers 404 would measure nothing, so
 * `found()` fails the test instead.
 */

type Db = Kysely<Database>;

/** What the pages address, picked from the generated data (the heaviest of each kind). */
export interface Subjects {
  game: { slug: string };
  user: { id: string; username: string };
  /** The heavy player's busiest year (their year in review). */
  userYear: number;
  list: { id: number; owner: string; slug: string };
  outlet: string;
  author: number;
  genre: string;
  year: number;
  publisher: string;
  collection: string;
  /** A word that starts titles (the typeahead's fast path) and one misspelt (its fuzzy path). */
  searchPrefix: string;
  searchTypo: string;
  /** The start of alternative names no title starts with (the typeahead's second step). */
  searchAlternative: string;
}

export interface PageCase {
  /** The route pattern, as the page's loader module keys its QUERY_BUDGETS. */
  route: string;
  /** What this case requests, for messages. */
  path: string;
  render(db: Db, subjects: Subjects): Promise<unknown>;
}

export function found<T>(value: T | Response | undefined | null, path: string): T {
  if (value === undefined || value === null || value instanceof Response) {
    throw new Error(
      `${path} did not render a page (${value instanceof Response ? `status ${value.status}` : 'not found'}): the plan check would measure nothing`,
    );
  }
  return value;
}

/** The parts of Astro's page global the loaders read. */
function astroFor(path: string, params: Record<string, string | undefined> = {}, userId?: string): AstroGlobal {
  const url = new URL(path, 'http://localhost');
  return {
    url,
    params,
    request: new Request(url),
    locals: { user: userId ? { id: userId } : null },
    cache: { set() {} },
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as AstroGlobal;
}

const today = () => todayIso();

async function gamePage(path: (s: Subjects) => string, s: Subjects) {
  return found(await loadGamePage(astroFor(path(s), { slug: s.game.slug })), path(s));
}

export const PAGES: PageCase[] = [
  { route: '/', path: '/', render: (db) => homePage(db, today()) },
  {
    route: '/games',
    path: '/games',
    render: (db) => gamesIndexPage(db, parseGameListingParams(new URLSearchParams()), undefined, today()),
  },
  {
    route: '/games',
    path: '/games?when=upcoming&sort=release',
    render: (db) =>
      gamesIndexPage(db, parseGameListingParams(new URLSearchParams('when=upcoming&sort=release')), undefined, today()),
  },
  {
    route: '/games?q=',
    path: '/games?q={word}',
    render: (db, s) => {
      const search = new URLSearchParams({ q: s.searchPrefix });
      return gamesIndexPage(db, parseGameListingParams(search), parseSearchParam(search), today());
    },
  },
  {
    route: '/games?q=',
    path: '/games?q={alternative name}',
    render: (db, s) => {
      const search = new URLSearchParams({ q: s.searchAlternative });
      return gamesIndexPage(db, parseGameListingParams(search), parseSearchParam(search), today());
    },
  },
  {
    route: '/browse/[...slug]',
    path: '/browse/genre/{genre}/year/{year}',
    render: async (db, s) => {
      const parsed = parseBrowsePath(`genre/${s.genre}/year/${s.year}`);
      if (!parsed.ok) throw new Error('browse path did not parse');
      return found(await browsePage(db, parsed.facets, parseBrowseQuery(new URLSearchParams())), '/browse');
    },
  },
  {
    route: '/games/[slug]',
    path: '/games/{slug}',
    render: async (_db, s) =>
      found(
        await loadGameOverview(astroFor(`/games/${s.game.slug}`, { slug: s.game.slug }), {
          today: today(),
          origin: 'http://localhost',
        }),
        '/games/{slug}',
      ),
  },
  {
    route: '/games/[slug]/reviews',
    path: '/games/{slug}/reviews',
    render: async (db, s) => {
      const { game } = await gamePage((x) => `/games/${x.game.slug}/reviews`, s);
      return gameReviewsPage(db, game, parseGameReviewsParams(new URLSearchParams()));
    },
  },
  {
    route: '/games/[slug]/previews',
    path: '/games/{slug}/previews',
    render: async (db, s) => gamePreviewsPage(db, (await gamePage((x) => `/games/${x.game.slug}/previews`, s)).game, 1),
  },
  {
    route: '/games/[slug]/similar-games',
    path: '/games/{slug}/similar-games',
    render: async (db, s) =>
      gameSimilarPage(db, (await gamePage((x) => `/games/${x.game.slug}/similar-games`, s)).game),
  },
  {
    route: '/games/[slug]/user-reviews',
    path: '/games/{slug}/user-reviews',
    render: async (db, s) => {
      const { game } = await gamePage((x) => `/games/${x.game.slug}/user-reviews`, s);
      const query = reviewListQuerySchema.parse({});
      return userReviewsPage(db, game, query);
    },
  },
  { route: '/reviews', path: '/reviews', render: (db) => latestReviewsPage(db, 1) },
  {
    route: '/reviews/[genre]',
    path: '/reviews/{genre}',
    render: async (db, s) => found(await genreRanking(db, { genre: s.genre, page: 1 }), '/reviews/{genre}'),
  },
  {
    route: '/reviews/[genre]/[year]',
    path: '/reviews/{genre}/{year}',
    render: async (db, s) =>
      found(await genreRanking(db, { genre: s.genre, year: s.year, page: 1 }), '/reviews/{genre}/{year}'),
  },
  {
    route: '/api/search',
    path: '/api/search?q={prefix}',
    render: (db, s) =>
      handleSearch(new Request(`http://localhost/api/search?q=${encodeURIComponent(s.searchPrefix)}`), db),
  },
  {
    route: '/api/search',
    path: '/api/search?q={alternative name}',
    render: (db, s) =>
      handleSearch(new Request(`http://localhost/api/search?q=${encodeURIComponent(s.searchAlternative)}`), db),
  },
  {
    route: '/api/search',
    path: '/api/search?q={typo}',
    render: (db, s) =>
      handleSearch(new Request(`http://localhost/api/search?q=${encodeURIComponent(s.searchTypo)}`), db),
  },
  { route: '/outlets', path: '/outlets', render: (db) => listOutlets(db, 1) },
  {
    route: '/outlet/[slug]',
    path: '/outlet/{slug}',
    render: async (db, s) => found(await outletPage(db, s.outlet, 1), '/outlet/{slug}'),
  },
  {
    route: '/authors/[id]/[...name]',
    path: '/authors/{id}/{name}',
    render: async (db, s) => {
      found(await guardResolvers.findAuthor!(String(s.author)), '/authors/{id} guard');
      return found(await authorPage(db, s.author, 1), '/authors/{id}/{name}');
    },
  },
  { route: '/collections', path: '/collections', render: (db) => listCollections(db, 1) },
  {
    route: '/collections/[slug]',
    path: '/collections/{slug}',
    render: async (db, s) => found(await getCollection(db, s.collection), '/collections/{slug}'),
  },
  {
    route: '/publishers/[name]',
    path: '/publishers/{name}',
    render: async (db, s) => found(await publisherPage(db, s.publisher, 1), '/publishers/{name}'),
  },
  { route: '/lists', path: '/lists', render: () => loadDiscover(astroFor('/lists')) },
  { route: '/lists', path: '/lists?sort=popular', render: () => loadDiscover(astroFor('/lists?sort=popular')) },
  {
    route: '/[username]',
    path: '/{username}',
    render: async (db, s) => {
      const { profile } = found(
        await loadProfile(astroFor(`/${s.user.username}`, { username: s.user.username })),
        '/{username}',
      );
      await profilePage(db, profile);
      return Promise.all([levelOf(db, profile.id), followCountsOf(db, profile.id)]);
    },
  },
  {
    route: '/[username]/year/[year]',
    path: '/{username}/year/{year}',
    render: async (_db, s) =>
      found(
        await loadYearPage(
          astroFor(`/${s.user.username}/year/${s.userYear}`, { username: s.user.username, year: String(s.userYear) }),
        ),
        '/{username}/year/{year}',
      ),
  },
  {
    route: '/[username]/activity',
    path: '/{username}/activity',
    render: async (db, s) => {
      const { profile } = found(
        await loadProfile(astroFor(`/${s.user.username}/activity`, { username: s.user.username }), '/activity'),
        '/{username}/activity',
      );
      return activityPage(db, profile.id, 1);
    },
  },
  {
    route: '/[username]/lists',
    path: '/{username}/lists',
    render: async (_db, s) =>
      found(
        await loadUserLists(astroFor(`/${s.user.username}/lists`, { username: s.user.username })),
        '/{username}/lists',
      ),
  },
  {
    route: '/[username]/lists/[listname]',
    path: '/{username}/lists/{list}',
    render: async (_db, s) =>
      found(
        await loadPublicList(
          astroFor(`/${s.list.owner}/lists/${s.list.slug}`, { username: s.list.owner, listname: s.list.slug }),
        ),
        '/{username}/lists/{list}',
      ),
  },
  { route: '/leaderboard', path: '/leaderboard', render: (db) => leaderboard(db, 'all') },
  { route: '/leaderboard', path: '/leaderboard?period=week', render: (db) => leaderboard(db, 'week') },
  { route: '/calendar', path: '/calendar', render: (db) => calendarMonth(db, null, today()) },

  // Signed in, as the heaviest player (2000 games, the longest list).
  {
    route: '/dashboard',
    path: '/dashboard',
    render: (db, s) => dashboardHome(db, s.user.id),
  },
  {
    route: '/api/dashboard/feed',
    path: '/api/dashboard/feed?before=',
    // A month back: any time and id make a cursor.
    render: (db, s) =>
      friendsFeed(db, s.user.id, {
        before: { micros: String((Date.now() - 30 * 86_400_000) * 1000), id: '9223372036854775807' },
      }),
  },
  {
    route: '/dashboard/games/[status]',
    path: '/dashboard/games/playing',
    render: async (_db, s) =>
      found(
        await loadShelf(astroFor('/dashboard/games/playing', { status: 'playing' }, s.user.id), 'status'),
        '/dashboard/games/playing',
      ),
  },
  {
    route: '/dashboard/games',
    path: '/dashboard/games',
    render: async (_db, s) =>
      found(await loadShelf(astroFor('/dashboard/games', {}, s.user.id), 'all'), '/dashboard/games'),
  },
  {
    route: '/dashboard/my-wishlist',
    path: '/dashboard/my-wishlist',
    render: async (_db, s) =>
      found(await loadShelf(astroFor('/dashboard/my-wishlist', {}, s.user.id), 'wishlist'), '/dashboard/my-wishlist'),
  },
  {
    route: '/dashboard/my-favorites',
    path: '/dashboard/my-favorites',
    render: async (_db, s) =>
      found(
        await loadShelf(astroFor('/dashboard/my-favorites', {}, s.user.id), 'favourite'),
        '/dashboard/my-favorites',
      ),
  },
  {
    route: '/dashboard/my-reviews',
    path: '/dashboard/my-reviews',
    render: (db, s) => Promise.all([reviewsByUser(db, s.user.id, 1), hiddenReviewsOf(db, s.user.id)]),
  },
  {
    route: '/dashboard/lists',
    path: '/dashboard/lists',
    render: (_db, s) => loadOwnLists(astroFor('/dashboard/lists', {}, s.user.id)),
  },
  {
    route: '/dashboard/lists/liked',
    path: '/dashboard/lists/liked',
    render: (_db, s) => loadLikedLists(astroFor('/dashboard/lists/liked', {}, s.user.id)),
  },
  {
    route: '/dashboard/lists/[id]',
    path: '/dashboard/lists/{id}',
    render: async (_db, s) =>
      found(
        await loadOwnList(
          astroFor(`/dashboard/lists/${s.list.id}`, { id: String(s.list.id) }, s.user.id),
          String(s.list.id),
        ),
        '/dashboard/lists/{id}',
      ),
  },
  {
    route: '/dashboard/notifications',
    path: '/dashboard/notifications',
    render: (db, s) => Promise.all([listNotifications(db, s.user.id), getPreferences(db, s.user.id)]),
  },
  {
    route: '/dashboard/outlet-feed',
    path: '/dashboard/outlet-feed',
    render: async (db, s) => {
      const [feed] = await Promise.all([outletFeed(db, s.user.id, 1), followedOutlets(db, s.user.id)]);
      return feed.total === 0 ? suggestedOutlets(db, s.user.id) : feed;
    },
  },
  {
    route: '/dashboard/my-profile',
    path: '/dashboard/my-profile',
    render: async (db, s) => {
      const profile = found(await getProfile(db, s.user.id), '/dashboard/my-profile');
      return Promise.all([
        findPublicProfile(db, profile.username!),
        profileCounts(db, s.user.id),
        PROFILE_SECTIONS.publicLists ? PROFILE_SECTIONS.publicLists(db, s.user.id) : null,
      ]);
    },
  },
  {
    route: '/dashboard/earn-xp',
    path: '/dashboard/earn-xp',
    render: (db, s) => Promise.all([levelOf(db, s.user.id), earnedToday(db, s.user.id), recentXp(db, s.user.id)]),
  },
];

/** The heaviest subject of each kind in the generated data. */
export async function pickSubjects(db: Db): Promise<Subjects> {
  const one = async <T>(query: ReturnType<typeof sql<T>>, what: string): Promise<T> => {
    const row = (await query.execute(db)).rows[0];
    if (!row) throw new Error(`The generated data has no ${what}.`);
    return row;
  };
  const user = { id: syntheticUserId(1), username: syntheticUsername(1) };
  const game = await one(
    sql<{ slug: string }>`
      select g.slug from public.games g join public.game_critic_stats s on s.game_id = g.id
       order by (select count(*) from public.user_reviews r where r.game_id = g.id) desc, s.review_count desc, g.id limit 1`,
    'reviewed game',
  );
  const list = await one(
    sql<{ id: number; owner: string; slug: string }>`
      select l.id, p.username as owner, l.slug from public.user_lists l join public.profiles p on p.id = l.user_id
       where l.user_id = ${user.id} and l.visibility = 'public' order by l.entries_count desc, l.id limit 1`,
    'public list of the heavy player',
  );
  const userYear = await one(
    sql<{ year: number }>`
      select year from public.user_year_stats where user_id = ${user.id} and year > 0
       order by games_played + reviews + lists desc, year desc limit 1`,
    'year with activity of the heavy player',
  );
  const outlet = await one(
    sql<{ slug: string }>`
      select o.slug from public.outlets o order by (select count(*) from public.critic_reviews c where c.outlet_id = o.id) desc, o.id limit 1`,
    'outlet',
  );
  const author = await one(
    sql<{
      id: number;
    }>`select author_id as id from public.critic_reviews where author_id is not null group by 1 order by count(*) desc, 1 limit 1`,
    'author',
  );
  const genreYear = await one(
    sql<{ genre: string; year: number }>`
      select ge.slug as genre, extract(year from g.release_date)::int as year
        from public.games g join public.game_genres gg on gg.game_id = g.id join public.genres ge on ge.id = gg.genre_id
       where g.release_date is not null
       group by 1, 2 order by count(*) desc limit 1`,
    'genre and year',
  );
  const publisher = await one(
    sql<{ slug: string }>`
      select c.slug from public.companies c join public.game_publishers gp on gp.company_id = c.id
       group by c.id order by count(*) desc, c.id limit 1`,
    'publisher',
  );
  const collection = await one(
    sql<{ slug: string }>`select slug from public.collections order by id limit 1`,
    'collection',
  );
  const words = await one(
    sql<{ word: string }>`
      select lower(split_part(title, ' ', 1)) as word from public.games where length(split_part(title, ' ', 1)) >= 5
       group by 1 order by count(*) desc limit 1`,
    'title word',
  );
  // One letter swapped: no title starts with it, so the typeahead falls back to fuzzy matching.
  const typo = words.word.slice(0, 2) + words.word[3] + words.word[2] + words.word.slice(4);
  const alternative = await one(
    sql<{ prefix: string }>`
      select lower(left(name, 6)) as prefix from public.game_alternative_names a
       where not exists (select 1 from public.games g where lower(g.title) like lower(left(a.name, 6)) || '%')
       order by name limit 1`,
    'alternative name',
  );
  return {
    game,
    user,
    userYear: userYear.year,
    list,
    outlet: outlet.slug,
    author: author.id,
    genre: genreYear.genre,
    year: genreYear.year,
    publisher: publisher.slug,
    collection: collection.slug,
    searchPrefix: words.word,
    searchTypo: typo,
    searchAlternative: alternative.prefix,
  };
}
