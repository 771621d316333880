import type { AstroGlobal } from 'astro';
import type { Kysely } from 'kysely';
import { getEnv } from '../config/env.ts';
import { siteName } from '../config/site.ts';
import { getDb } from '../db/db.server.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { PRIVATE_CACHE_CONTROL } from '../http/shared-pages.ts';
import { findPublicProfile } from './profiles.server.ts';
import { profileRoute, usernameParamSchema } from './profiles.ts';
import { SHARE_IMAGE, SHARE_IMAGE_LAYOUT, shareImageAlt, type ShareImageContent } from './share-image.ts';
import { renderShareImage } from './share-image.server.ts';
import { yearInReview } from './stats.server.ts';
import { shareImageKey, yearImagePath, yearParamSchema, type YearPage } from './stats.ts';

export type { YearPage };

type Db = Kysely<Database>;

/**
 * /{username}/year/{year} and its picture /{username}/year/{year}.png. A private profile's
 * year is a 404 to everyone but its owner, the picture too; neither is ever stored by a
 * shared cache (docs/decisions/profile-stats.md).
 */

export type YearOutcome = { kind: 'not-found' } | { kind: 'redirect'; location: string } | ({ kind: 'ok' } & YearPage);

/** The year of a player as `viewerId` may see it: the page and the picture share this. */
export async function resolveYear(
  db: Db,
  params: { username?: string | undefined; year?: string | undefined },
  viewerId: string | null,
  options: { suffix?: string; search?: string } = {},
): Promise<YearOutcome> {
  const username = usernameParamSchema.safeParse(params.username);
  const year = yearParamSchema.safeParse(params.year);
  if (!username.success || !year.success) return { kind: 'not-found' };
  const profile = await findPublicProfile(db, username.data);
  if (!profile) return { kind: 'not-found' };
  const route = profileRoute(
    username.data,
    profile.username,
    `/year/${year.data}${options.suffix ?? ''}`,
    options.search ?? '',
  );
  if (route.kind === 'redirect') return route;
  const owner = viewerId === profile.id;
  if (profile.isPrivate && !owner) return { kind: 'not-found' };
  const review = await yearInReview(db, profile.id, year.data);
  if (!review) return { kind: 'not-found' };
  const { figures } = review;
  const best = review.bestRated[0];
  const content: ShareImageContent = {
    siteName: siteName(),
    username: profile.username,
    displayName: profile.fullName?.trim() || profile.username,
    year: year.data,
    gamesFinished: figures.gamesFinished,
    gamesPlayed: figures.gamesPlayed,
    hours: figures.hours,
    reviews: figures.reviews,
    lists: figures.lists,
    best: best ? { title: best.title, rating: best.rating } : null,
    genre: review.genre?.name ?? null,
    platform: review.platform?.name ?? null,
  };
  const key = shareImageKey({ layout: SHARE_IMAGE_LAYOUT, content });
  const path = yearImagePath(profile.username, year.data, key);
  return {
    kind: 'ok',
    profile,
    owner,
    year: year.data,
    review,
    content,
    image: { url: `${getEnv().siteOrigin}${path}`, path, key, alt: shareImageAlt(content), ...SHARE_IMAGE },
  };
}

/** The page's one call: its data, or the 404 or redirect to answer. */
export async function loadYearPage(astro: AstroGlobal): Promise<YearPage | Response> {
  const outcome = await resolveYear(await getDb(), astro.params, astro.locals.user?.id ?? null, {
    search: astro.url.search,
  });
  if (outcome.kind === 'not-found') return notFound(astro);
  if (outcome.kind === 'redirect') return astro.redirect(outcome.location, 301);
  return outcome;
}

/** A year for a browser: the address's key is the picture's, so it may keep it a year. */
const KEPT_IMAGE = 'private, max-age=31536000, immutable';

/**
 * The picture. Its address carries the key of what it shows (?v=); an old or missing key is
 * sent to the current address. A public profile's picture is kept by browsers for a year
 * and by no shared cache (it must vanish when the profile turns private); the owner's view
 * of a private one is never stored.
 */
export async function yearImageResponse(
  params: { username?: string | undefined; year?: string | undefined },
  url: URL,
  viewerId: string | null,
): Promise<Response> {
  const outcome = await resolveYear(await getDb(), params, viewerId, { suffix: '.png' });
  if (outcome.kind === 'not-found')
    return new Response('Not Found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE_CONTROL },
    });
  if (outcome.kind === 'redirect') return moved(`${outcome.location}${url.search}`, 301);
  if (url.searchParams.get('v') !== outcome.image.key) return moved(outcome.image.path, 302);
  const png = await renderShareImage(`${outcome.profile.id}:${outcome.year}:${outcome.image.key}`, outcome.content);
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.byteLength),
      'cache-control': outcome.profile.isPrivate ? PRIVATE_CACHE_CONTROL : KEPT_IMAGE,
    },
  });
}

const moved = (location: string, status: 301 | 302) =>
  new Response(null, { status, headers: { location, 'cache-control': PRIVATE_CACHE_CONTROL } });

/** How many statements each page of this module may send (tests/integration/query-plans.test.ts). */
export const QUERY_BUDGETS = {
  // the profile, and the year's kept figures, genres, platforms, best rated and finished games in one
  '/[username]/year/[year]': 2,
} as const satisfies QueryBudgets;
