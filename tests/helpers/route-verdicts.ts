/**
 * The page cache's verdict for every route under src/pages, kept by
 * tests/architecture/route-cache-verdicts.test.ts and walked by tests/e2e/shared-pages.spec.ts.
 */

export type Verdict = 'shared' | 'personal' | 'fresh';

/**
 * Every route under src/pages has a verdict for the page cache, here, and a new route fails
 * this test until it gets one:
 * - shared: one stored copy for every visitor (exactly the routes of routeRules in
 *   src/lib/http/cache-rules.ts; the e2e shared-pages.spec.ts renders each for two members
 *   and a visitor and compares);
 * - personal: what it shows or does depends on who asks; never stored;
 * - fresh: the same for everyone, but answered anew each time and never stored (errors,
 *   redirects, the local auth and storage services, jobs, writes that need no account).
 * A personal or fresh route can only become shared by moving it here and into routeRules.
 */
export const SHARED = [
  '/',
  '/about',
  '/author-features',
  '/changelog',
  '/faq',
  '/features',
  '/future-features',
  '/levels',
  '/offline',
  '/pr-features',
  '/privacy-policy',
  '/terms-of-service',
  '/test-vote',
  '/user-features',
  '/games',
  '/games/[slug]',
  '/games/[slug]/previews',
  '/games/[slug]/reviews',
  '/games/[slug]/similar-games',
  '/games/[slug]/user-reviews',
  '/reviews',
  '/reviews/[genre]',
  '/reviews/[genre]/[year]',
  '/browse/[...slug]',
  '/publishers/[name]',
  '/calendar',
  '/calendar.ics',
  '/collections',
  '/collections/[slug]',
  '/[username]/lists',
  '/[username]/lists/[listname]',
  '/outlets',
  '/outlet/[slug]',
  '/outlet/components/ReviewSection',
  '/authors/[id]/[...name]',
  '/leaderboard',
  '/rss.xml',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/[file]',
  '/api/search',
];

export const PERSONAL = [
  // Profiles: their owner sees what others may not (a private profile).
  '/[username]',
  '/[username]/activity',
  '/[username]/year/[year]',
  '/[username]/year/[year].png',
  '/profile/edit',
  // Accounts, sign-in and the links in emails that act for the one who opens them.
  '/account/subscription',
  '/account/update-password',
  '/auth/author-signup',
  '/auth/callback',
  '/auth/complete-profile',
  '/author/invite/[token]',
  '/author/link/[token]',
  '/author/verify/[token]',
  '/confirm',
  '/login',
  '/reset-password',
  '/settings',
  '/site-application',
  '/subscription',
  '/subscription/test-checkout',
  '/payment/success',
  // A member's own pages.
  '/dashboard',
  '/dashboard/author',
  '/dashboard/author-profile',
  '/dashboard/earn-xp',
  '/dashboard/games',
  '/dashboard/games/[status]',
  '/dashboard/import',
  '/dashboard/lists',
  '/dashboard/lists/[id]',
  '/dashboard/lists/create',
  '/dashboard/lists/edit/[id]',
  '/dashboard/lists/liked',
  '/dashboard/my-favorites',
  '/dashboard/my-games',
  '/dashboard/my-profile',
  '/dashboard/my-reviews',
  '/dashboard/my-wishlist',
  '/dashboard/notifications',
  '/dashboard/outlet-feed',
  '/add-game/[slug]',
  // Game requests: the member's own requests and votes, and the administrators' tools.
  '/games/request',
  '/games/request/[action]',
  '/games/request/edit/[id]',
  '/games/request/new',
  '/games/request/similar',
  '/games/request/similar/[id]',
  // Outlet tools and administration.
  '/manage-outlet',
  '/manage-outlet/[slug]',
  '/manage-outlet/[slug]/authors',
  '/manage-outlet/authors',
  '/manage-outlet/previews',
  '/manage-outlet/reviews',
  '/manage-outlet/settings',
  '/admin/database-admin',
  '/admin/games',
  '/admin/igdb',
  '/admin/missing-reviews',
  '/admin/moderation',
  '/admin/site',
  // The API that answers for the signed-in user, or checks who writes.
  '/api/account',
  '/api/admin/backup',
  '/api/admin/coverage',
  '/api/admin/game-requests/[id]',
  '/api/admin/games',
  '/api/admin/games/[id]',
  '/api/admin/games/[id]/cover',
  '/api/admin/games/import',
  '/api/admin/games/merge',
  '/api/admin/igdb/reviews/[id]',
  '/api/admin/igdb/sync',
  '/api/admin/maintenance',
  '/api/admin/moderation/[kind]/[id]',
  '/api/auth/check-username',
  '/api/auth/create-profile',
  '/api/auth/me',
  '/api/auth/sign-in',
  '/api/author/[...path]',
  '/api/contact',
  '/api/critic-reviews',
  '/api/critic-reviews/[id]',
  '/api/dashboard/feed',
  '/api/follows',
  '/api/game-requests',
  '/api/game-requests/[id]',
  '/api/game-requests/[id]/vote',
  '/api/game-requests/similar',
  '/api/leaderboard/me',
  '/api/library',
  '/api/library/[gameId]',
  '/api/library/export.json',
  '/api/library/export.zip',
  '/api/library/games',
  '/api/library/import',
  '/api/library/import/preview',
  '/api/lists',
  '/api/lists/[id]',
  '/api/lists/[id]/entries',
  '/api/lists/[id]/entries/[gameId]',
  '/api/lists/[id]/like',
  '/api/lists/[id]/order',
  '/api/lists/[id]/report',
  '/api/manage-outlet/[...path]',
  '/api/membership/checkout',
  '/api/membership/portal',
  '/api/membership/subscription',
  '/api/membership/test-checkout',
  '/api/membership/test-clock',
  '/api/notifications',
  '/api/notifications/preferences',
  '/api/notifications/read',
  '/api/profile',
  '/api/profile/avatar',
  '/api/profile/privacy',
  '/api/site-application',
  '/api/user-reviews',
  '/api/user-reviews/[id]',
  '/api/user-reviews/[id]/helpful',
  '/api/user-reviews/[id]/report',
  '/api/user-reviews/mine',
  '/api/visits',
  '/api/vote',
  '/api/your-outlets',
];

export const FRESH = [
  '/404',
  '/500',
  '/error',
  '/sentry-example-page',
  '/api/sentry-example-api',
  // Pages not kept yet: the same for everyone (the list search, plans and prices, a form).
  '/lists',
  '/membership',
  '/contact',
  '/auth/confirm-email',
  '/auth/signup-success',
  // Old addresses that redirect.
  '/[username]/index-broken',
  '/profile/[username]',
  // The local Supabase services, the development mailbox, jobs and reports.
  '/auth/v1/[...path]',
  '/storage/v1/[...path]',
  '/dev/mailbox',
  '/dev/mailbox.json',
  '/api/cron/[job]',
  '/api/errors',
  '/api/event',
  '/api/health',
  '/api/icons/[collection].json',
  '/api/stripe/webhook',
];

export const VERDICTS: ReadonlyMap<string, Verdict> = verdicts();

function verdicts(): Map<string, Verdict> {
  const map = new Map<string, Verdict>();
  for (const [verdict, routes] of [
    ['shared', SHARED],
    ['personal', PERSONAL],
    ['fresh', FRESH],
  ] as const) {
    for (const route of routes) {
      if (map.has(route)) throw new Error(`${route} has two verdicts`);
      map.set(route, verdict);
    }
  }
  return map;
}
