import { authorUrlDecision } from '../authors/authors.ts';
import { confirmUrlFor, loginUrlFor, redirectTarget } from './redirect.ts';
import { canUseFeature, type Tier } from './tiers.ts';
import type { AuthUser } from './types.ts';

/**
 * Route guards: a registry of the nine names, each enforced on the server
 * (the middleware runs them before the page renders). An unknown name throws. Guards that
 * depend on data later issues bring (outlets, authors) take it through `resolvers`, a seam
 * those issues fill in src/lib/auth/guard-resolvers.server.ts.
 */

export const GUARD_NAMES = [
  'auth',
  'ad-free-only',
  'author-url',
  'check-profile',
  'dashboard-lists-redirect',
  'outlet-access',
  'outlet-owner',
  'premium-only',
  'subscription',
] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'redirect'; location: string; status?: 302 | 301 }
  | { kind: 'deny'; status: 403 | 404; message: string };

export interface GuardResolvers {
  /** Does `userId` own the outlet `slug` (or any outlet, without a slug)? */
  isOutletOwner?: (userId: string, slug: string | undefined) => Promise<boolean>;
  /** May `userId` work on the outlet `slug` (owner or one of its authors)? */
  canAccessOutlet?: (userId: string, slug: string | undefined) => Promise<boolean>;
  /** /authors/{id}/{name}: the author `id` (its slug makes the canonical URL), or null when there is none. */
  findAuthor?: (id: string) => Promise<{ id: number; slug: string } | null>;
}

export interface GuardContext {
  url: URL;
  user: AuthUser | null;
  /** The user's tier (loaded on demand). */
  tier: () => Promise<Tier>;
  /** Has the user's profile a username? (loaded on demand) */
  hasUsername: () => Promise<boolean>;
  resolvers: GuardResolvers;
}

export type Guard = (context: GuardContext) => Promise<GuardOutcome> | GuardOutcome;

const allow: GuardOutcome = { kind: 'allow' };

const requireUser: Guard = ({ user, url }) => (user ? allow : { kind: 'redirect', location: loginUrlFor(url) });

/** Runs `then` only for a signed-in user; others go to /login first. */
const signedIn =
  (then: (context: GuardContext & { user: AuthUser }) => Promise<GuardOutcome> | GuardOutcome): Guard =>
  (context) =>
    context.user ? then(context as GuardContext & { user: AuthUser }) : requireUser(context);

const outletSlug = (url: URL) => /^\/manage-outlet\/([^/]+)/.exec(url.pathname)?.[1];
const OUTLET_PAGES = new Set(['authors', 'previews', 'reviews', 'settings']);

export const GUARDS: Readonly<Record<GuardName, Guard>> = {
  auth: requireUser,

  'check-profile': signedIn(async ({ hasUsername, url }) =>
    (await hasUsername())
      ? allow
      : { kind: 'redirect', location: confirmUrlFor(redirectTarget(`${url.pathname}${url.search}`, url.origin)) },
  ),

  'premium-only': signedIn(async ({ tier }) =>
    canUseFeature(await tier(), 'userReviews')
      ? allow
      : { kind: 'deny', status: 403, message: 'This page is for Premium members.' },
  ),

  'ad-free-only': signedIn(async ({ tier }) =>
    canUseFeature(await tier(), 'adFree')
      ? allow
      : { kind: 'deny', status: 403, message: 'This page is for Ad-Free and Premium members.' },
  ),

  subscription: signedIn(async ({ tier }) =>
    (await tier()) !== 'free' ? allow : { kind: 'deny', status: 403, message: 'This page needs an active membership.' },
  ),

  'outlet-owner': signedIn(async ({ user, url, resolvers }) => {
    const slug = outletSlug(url);
    const owner = resolvers.isOutletOwner
      ? await resolvers.isOutletOwner(user.id, slug && !OUTLET_PAGES.has(slug) ? slug : undefined)
      : false;
    return owner ? allow : { kind: 'deny', status: 403, message: "Only an outlet's owner can manage it." };
  }),

  'outlet-access': signedIn(async ({ user, url, resolvers }) => {
    const slug = outletSlug(url);
    const check = resolvers.canAccessOutlet ?? resolvers.isOutletOwner;
    const ok = check ? await check(user.id, slug) : false;
    return ok ? allow : { kind: 'deny', status: 403, message: 'You do not have access to this outlet.' };
  }),

  // The old list URLs of the games dashboard lead to the lists dashboard.
  'dashboard-lists-redirect': signedIn(({ url }) => {
    const list = /^\/dashboard\/games\/list\/([^/]+)\/?$/.exec(url.pathname);
    if (list) return { kind: 'redirect', location: `/dashboard/lists/${list[1]}`, status: 301 };
    if (/^\/dashboard\/games\/create-list\/?$/.test(url.pathname)) {
      return { kind: 'redirect', location: '/dashboard/lists/create', status: 301 };
    }
    return allow;
  }),

  // /authors/{id}/{name}: an unknown author is a 404; a missing or outdated name is a 301
  // to the canonical URL (the rule itself is authorUrlDecision, in the authors feature).
  'author-url': async ({ url, resolvers }) => {
    const match = /^\/authors\/([^/]+)/.exec(url.pathname);
    const author = match && resolvers.findAuthor ? await resolvers.findAuthor(decodeURIComponent(match[1]!)) : null;
    if (!author) return { kind: 'deny', status: 404, message: `Page Not Found: ${url.pathname}` };
    const decision = authorUrlDecision(author, url);
    return decision.kind === 'ok' ? allow : { kind: 'redirect', location: decision.location, status: decision.status };
  },
};

export function isGuardName(name: string): name is GuardName {
  return (GUARD_NAMES as readonly string[]).includes(name);
}

export function getGuard(name: string): Guard {
  if (!isGuardName(name)) throw new Error(`Unknown route guard: "${name}"`);
  return GUARDS[name];
}

/** Runs guards in order; the first that does not allow decides. */
export async function runGuards(names: readonly string[], context: GuardContext): Promise<GuardOutcome> {
  for (const name of names) {
    const outcome = await getGuard(name)(context);
    if (outcome.kind !== 'allow') return outcome;
  }
  return allow;
}

/**
 * Which guards protect which paths, checked by the middleware. Routes
 * that do not exist yet are listed too: when a later issue adds the page it is protected
 * from its first deploy.
 */
export const ROUTE_GUARDS: ReadonlyArray<readonly [RegExp, readonly GuardName[]]> = [
  [/^\/dashboard\/games\/(list\/[^/]+|create-list)\/?$/, ['dashboard-lists-redirect']],
  [/^\/dashboard\/lists\/(create|edit\/[^/]+)\/?$/, ['auth', 'check-profile', 'ad-free-only']],
  [/^\/dashboard\/(games|my-games|my-wishlist|my-favorites|lists|import)(\/.*)?$/, ['auth', 'check-profile']],
  [/^\/dashboard(\/.*)?$/, ['auth']],
  [/^\/settings\/?$/, ['auth']],
  [/^\/add-game\/[^/]+\/?$/, ['auth']],
  [/^\/profile\/edit\/?$/, ['auth']],
  [/^\/confirm\/?$/, ['auth']],
  [/^\/auth\/complete-profile\/?$/, ['auth']],
  [/^\/account\/subscription\/?$/, ['auth']],
  [/^\/games\/request\/edit\/[^/]+\/?$/, ['auth']],
  [/^\/games\/request\/similar(\/[^/]+)?\/?$/, ['auth']],
  [/^\/admin\/missing-reviews\/?$/, ['auth']],
  [/^\/manage-outlet(\/(authors|previews|reviews|settings))?\/?$/, ['outlet-owner']],
  [/^\/manage-outlet\/[^/]+(\/authors)?\/?$/, ['auth']],
  [/^\/authors\/[^/]+(\/.*)?$/, ['author-url']],
];

export function guardsFor(pathname: string): readonly GuardName[] {
  for (const [pattern, names] of ROUTE_GUARDS) if (pattern.test(pathname)) return names;
  return [];
}
