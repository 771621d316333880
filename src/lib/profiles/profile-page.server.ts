import type { AstroGlobal } from 'astro';
import type { Kysely } from 'kysely';
import { getDb } from '../db/db.server.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { findPublicProfile, type PublicProfile } from './profiles.server.ts';
import { profileRoute, usernameParamSchema } from './profiles.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/**
 * The shared start of every /{username} page: an unknown or malformed username is the
 * ordinary 404 ("Page not found: {path}"), another case of the username a 301 to the
 * canonical one. `owner` says the signed-in visitor is the profile's player, who sees all
 * of a private profile (these pages are never cached). Use as
 * `const loaded = await loadProfile(Astro, '/activity'); if (loaded instanceof Response) return loaded;`.
 */
export async function loadProfile(
  astro: AstroGlobal,
  rest = '',
): Promise<{ db: Kysely<Database>; profile: PublicProfile; owner: boolean } | Response> {
  const username = usernameParamSchema.safeParse(astro.params.username);
  if (!username.success) return notFound(astro);
  const db = await getDb();
  const profile = await findPublicProfile(db, username.data);
  if (!profile) return notFound(astro);
  const route = profileRoute(username.data, profile.username, rest, astro.url.search);
  if (route.kind === 'redirect') return astro.redirect(route.location, 301);
  return { db, profile, owner: astro.locals.user?.id === profile.id };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // the profile, its counts, favourites, reviews, activity and lists, and
  // ProfileCommunity.astro's level and follower counts, and the stats (one statement)
  '/[username]': 9,
  '/[username]/activity': 3,
  '/dashboard/my-profile': 6,
} as const satisfies QueryBudgets;
