import { QUERY_BUDGETS as search } from '../../functions/search/handlers.ts';
import { QUERY_BUDGETS as authors } from '../../src/lib/authors/authors.server.ts';
import { QUERY_BUDGETS as browse } from '../../src/lib/browse/browse.server.ts';
import { QUERY_BUDGETS as calendar } from '../../src/lib/calendar/calendar.server.ts';
import { QUERY_BUDGETS as collections } from '../../src/lib/collections/collections.server.ts';
import { QUERY_BUDGETS as dashboard } from '../../src/lib/dashboard/home.server.ts';
import type { QueryBudgets } from '../../src/lib/db/query-budgets.ts';
import { QUERY_BUDGETS as follows } from '../../src/lib/follows/follows.server.ts';
import { QUERY_BUDGETS as gamePage } from '../../src/lib/games/game-page.server.ts';
import { QUERY_BUDGETS as gameListing } from '../../src/lib/games/listing.server.ts';
import { QUERY_BUDGETS as home } from '../../src/lib/home/home.server.ts';
import { QUERY_BUDGETS as shelves } from '../../src/lib/library/shelf.server.ts';
import { QUERY_BUDGETS as lists } from '../../src/lib/lists/list-pages.server.ts';
import { QUERY_BUDGETS as notifications } from '../../src/lib/notifications/notifications.server.ts';
import { QUERY_BUDGETS as outlets } from '../../src/lib/outlets/outlets.server.ts';
import { QUERY_BUDGETS as profiles } from '../../src/lib/profiles/profile-page.server.ts';
import { QUERY_BUDGETS as years } from '../../src/lib/profiles/year-page.server.ts';
import { QUERY_BUDGETS as publishers } from '../../src/lib/publishers/publishers.server.ts';
import { QUERY_BUDGETS as rankings } from '../../src/lib/reviews/rankings.server.ts';
import { QUERY_BUDGETS as reviews } from '../../src/lib/reviews/reviews.server.ts';
import { QUERY_BUDGETS as userReviews } from '../../src/lib/user-reviews/user-reviews.server.ts';
import { QUERY_BUDGETS as leaderboard } from '../../src/lib/xp/leaderboard.server.ts';
import { QUERY_BUDGETS as xp } from '../../src/lib/xp/xp.server.ts';
import type { AllowedSeqScan } from '../helpers/query-plans.ts';

/** Every page's budget, as each loader module declares it. */
export const QUERY_BUDGETS: QueryBudgets = {
  ...home,
  ...gameListing,
  ...browse,
  ...gamePage,
  ...userReviews,
  ...reviews,
  ...rankings,
  ...search,
  ...outlets,
  ...authors,
  ...collections,
  ...publishers,
  ...lists,
  ...profiles,
  ...years,
  ...leaderboard,
  ...calendar,
  ...dashboard,
  ...shelves,
  ...notifications,
  ...follows,
  ...xp,
};

/**
 * A table this size or larger is "large": reading it whole for one page is a plan that
 * grows with the catalogue. Below it, a sequential scan is often the right plan (a
 * lookup table of platforms or genres, a few outlets) and PostgreSQL picks it on purpose.
 * The generated catalogue puts every table a page reads per game, review, player or list
 * well above it (see the first test).
 */
export const LARGE_TABLE_ROWS = 2000;

/** The sequential scans of large tables that are right, each with the reason it is. */
export const ALLOWED_SEQ_SCANS: readonly AllowedSeqScan[] = [
  {
    page: '/reviews/[genre]',
    table: 'public.game_critic_stats',
    reason:
      'The years a genre can be narrowed to come from every scored game of the genre, a tenth of the catalogue for the big ' +
      'genres. PostgreSQL hashes the scored games instead of probing them one at a time, and that read is the small part of ' +
      'the statement (about 2 ms of 20 to 35 ms on 20 000 games; the rest is fetching each game’s release date). The page ' +
      'is cached and purged when scores change.',
  },
  {
    page: '/games?q=',
    table: 'public.games',
    reason:
      'The search results page matches a substring or similar words of any title: an OR of a LIKE and a word-similarity ' +
      'test, for which the planner weighs the trigram index against reading every title, and picks either from one ANALYZE ' +
      'to the next at this size, on both databases. The search query and its plans belong to the PostgreSQL fast-path ' +
      'work, which measures them on both databases.',
  },
  {
    page: '/games?q=',
    table: 'public.game_alternative_names',
    reason:
      'The search results page matches alternative names as it matches titles (substring or similar words: the same ' +
      'OR of a LIKE and a word-similarity test over the same kind of trigram index), and the planner weighs index and ' +
      'whole read the same way; at the generated few thousand names it reads them whole. The typeahead, which every ' +
      'keystroke sends, reads them only by its prefix index.',
  },
];

/**
 * Statements a page may have planned on every call, each with the reason a plan made for
 * the call's own values is worth its planning time. Everything else a page sends again and
 * again must be planned once and kept (docs/decisions/generic-plans.md).
 */
export const ALLOWED_CUSTOM_PLANS: readonly { page: string; sql: RegExp; reason: string }[] = [
  {
    page: '/games?q=',
    sql: /where games\.id in \( select g\.id from public\.games g where lower\(g\.title\) like \$1/,
    reason:
      'The full search results: how many titles and alternative names a substring pattern or a word matches decides ' +
      'between the trigram indexes and reading the names whole, and a generic plan cannot see the pattern, so ' +
      'PostgreSQL keeps a plan per query when that is cheaper (a rare name), a generic one for a common word.',
  },
  {
    page: '/api/search',
    sql: /where lower\(g\.title\) like \$1 .* where lower\(a\.name\) like \$3/,
    reason:
      'The title- and alternative-name-prefix lookups can use their indexes only for a pattern the planner can read: a ' +
      'prefix LIKE against a parameter has no prefix to range over, so a plan made for the typed prefix is the fast one.',
  },
  {
    page: '/authors/[id]/[...name]',
    sql: /count\(\*\)::int as "total" from "critic_reviews" .*"critic_reviews"\."author_id" = \$1$/,
    reason:
      'Counting one author’s reviews: authors range from one review to thousands, and PostgreSQL’s own cost comparison ' +
      'keeps a plan per author. One indexed column, planned in a fraction of a millisecond, on a cached page.',
  },
  {
    page: '/reviews/[genre]',
    sql: /select distinct extract\(year from g\.release_date\)::int as year .* gg\.genre_id = \$1/,
    reason:
      'The years a genre has scored games in: the big genres hold a tenth of the catalogue and the small ones a few ' +
      'dozen games, and PostgreSQL keeps a plan per genre by its own cost comparison (it went either way from one ' +
      'generated catalogue to the next). On a cached page.',
  },
  {
    page: '/dashboard/outlet-feed',
    sql: /outlet_follows where user_id = \$1\) limit 2000/,
    reason:
      'Counting the reviews of the outlets one player follows: a handful of outlets or dozens, with very different ' +
      'review counts, so PostgreSQL keeps a plan per player. A signed-in page, counted to at most 2000 rows.',
  },
];

/**
 * Pages that read the database but are not in the sweep, by route or route prefix, and why.
 * A new page that reads the database fails the sweep's coverage test until it is rendered
 * by the sweep (tests/integration/query-plans.pages.ts) or named here.
 */
export const NOT_SWEPT: Readonly<Record<string, string>> = {
  '/admin': 'administrators only, a handful of people, never cached, and not a page users wait for',
  '/manage-outlet': 'an outlet owner’s workspace: one outlet’s drafts and authors, bounded by the outlet',
  '/outlet/components/ReviewSection':
    'the embeddable widget: one outlet’s latest ten reviews, or the latest ten across outlets, through the same queries as /outlet/[slug] and /reviews',
  '/auth': 'sign-up and sign-in steps: one account’s rows by primary key',
  '/author': 'one-off invitation, link and verification tokens, looked up by their hash',
  '/account': 'one account’s own settings, by primary key',
  '/settings': 'one account’s own settings, by primary key',
  '/profile/edit': 'one account’s own profile, by primary key',
  '/confirm': 'one account’s own profile, by primary key',
  '/login': 'reads nothing but the account’s profile after sign-in',
  '/reset-password': 'one account’s own row, by primary key',
  '/membership': 'the plan list: three rows',
  '/subscription': 'one account’s subscription, by primary key',
  '/site-application': 'one account’s application, by primary key',
  '/test-vote': 'the community vote: a handful of options and one visitor’s ballot',
  '/add-game/[slug]': 'one game and one account’s lists, by key (a form page)',
  '/games/request': 'game requests: a queue of pending requests the admins keep short, and one account’s own',
  '/dashboard/author': 'an author’s desks: the outlets one account writes for',
  '/dashboard/author-profile': 'one account’s author profile, by key',
  '/dashboard/my-games': 'the same loader and arguments as /dashboard/games (the shelf of every status)',
  '/dashboard/lists/edit/[id]': 'the same loader and arguments as /dashboard/lists/[id]',
  '/dev/mailbox': 'the local auth service’s emails on a developer’s machine: never served on a public site',
};
