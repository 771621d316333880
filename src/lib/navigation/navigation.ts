/**
 * Navigation menus. Only routes that exist are listed: a link to a page that is not
 * built yet is a broken promise. Later features add their entries here.
 */

export interface NavItem {
  href: string;
  label: string;
}

/** Catalogue pages in the site header. */
export const HEADER_LINKS: readonly NavItem[] = [
  { href: '/games', label: 'Games' },
  { href: '/games?when=upcoming', label: 'Upcoming' },
  { href: '/reviews', label: 'Reviews' },
  { href: '/browse', label: 'Browse' },
  { href: '/calendar', label: 'Calendar' },
  { href: '/outlets', label: 'Outlets' },
];

/** Static pages in the footer. */
export const FOOTER_LINKS: readonly NavItem[] = [
  { href: '/about', label: 'About' },
  { href: '/faq', label: 'FAQ' },
  { href: '/collections', label: 'Collections' },
  { href: '/leaderboard', label: 'Leaderboard' },
  { href: '/levels', label: 'Levels' },
  { href: '/rss.xml', label: 'RSS feed' },
  { href: '/calendar.ics', label: 'Release calendar (.ics)' },
  { href: '/membership', label: 'Membership' },
  { href: '/features', label: 'Features' },
  { href: '/user-features', label: 'Plans' },
  { href: '/future-features', label: 'Roadmap' },
  { href: '/changelog', label: 'Changelog' },
  { href: '/contact', label: 'Contact' },
  { href: '/privacy-policy', label: 'Privacy' },
  { href: '/terms-of-service', label: 'Terms' },
];

/** The signed-in user's dashboard (dashboard layout); see dashboardLinks for who sees which. */
export const DASHBOARD_LINKS: readonly NavItem[] = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/my-games', label: 'My games' },
  { href: '/dashboard/lists', label: 'My lists' },
  { href: '/dashboard/notifications', label: 'Notifications' },
  { href: '/dashboard/outlet-feed', label: 'Outlet feed' },
  { href: '/dashboard/earn-xp', label: 'Earn XP' },
  { href: '/profile/edit', label: 'Edit profile' },
  { href: '/dashboard/my-profile', label: 'My profile' },
  { href: '/dashboard/my-reviews', label: 'My reviews' },
  { href: '/account/subscription', label: 'Membership' },
  { href: '/settings', label: 'Settings' },
  { href: '/dashboard/author', label: 'Author dashboard' },
  { href: '/manage-outlet', label: 'Manage outlet' },
];

const AUTHOR_TOOLS = '/dashboard/author';
const OWNER_TOOLS = '/manage-outlet';

/**
 * The dashboard's links for this user: the author dashboard only to an author who writes for
 * an outlet, outlet management only to an outlet's owner (to anyone else they lead nowhere).
 */
export function dashboardLinks(roles: { author: boolean; owner: boolean }): NavItem[] {
  return DASHBOARD_LINKS.filter(
    (item) => (item.href !== AUTHOR_TOOLS || roles.author) && (item.href !== OWNER_TOOLS || roles.owner),
  );
}

/** The author dashboard (author dashboard layout). */
export const AUTHOR_DASHBOARD_LINKS: readonly NavItem[] = [
  { href: '/dashboard/author', label: 'My reviews' },
  { href: '/dashboard/author-profile', label: 'Author profile' },
  { href: '/dashboard', label: 'Back to dashboard' },
];

/** Outlet management (manage-outlet layout); `slug` is the outlet being managed, when one is chosen. */
export function manageOutletLinks(slug?: string): NavItem[] {
  const fixed = [
    { href: '/manage-outlet/reviews', label: 'Reviews' },
    { href: '/manage-outlet/previews', label: 'Previews' },
    { href: '/manage-outlet/authors', label: 'Authors' },
    { href: '/manage-outlet/settings', label: 'Settings' },
  ];
  return slug ? [{ href: `/manage-outlet/${slug}`, label: 'Overview' }, ...fixed] : fixed;
}

/**
 * The href of the item that best describes the current page: same path (or a section
 * containing it) and every query parameter of the item present with the same value;
 * the item with the most such parameters wins, so "/games?when=upcoming" beats "/games"
 * on the upcoming list while "/games" stays current on page 2 of all games.
 */
export function activeHref(items: readonly NavItem[], current: URL): string | undefined {
  let best: { href: string; params: number; depth: number } | undefined;
  for (const item of items) {
    const target = new URL(item.href, current);
    const samePath =
      current.pathname === target.pathname ||
      (target.pathname !== '/' && target.search === '' && current.pathname.startsWith(`${target.pathname}/`));
    if (!samePath) continue;
    const params = [...target.searchParams];
    if (!params.every(([key, value]) => current.searchParams.get(key) === value)) continue;
    // The most specific item wins: more of the query matched, then the longer path (a page
    // below /dashboard is its own item's, not the overview's).
    const depth = target.pathname.length;
    if (!best || params.length > best.params || (params.length === best.params && depth > best.depth))
      best = { href: item.href, params: params.length, depth };
  }
  return best?.href;
}
