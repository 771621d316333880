import { randomUUID } from 'node:crypto';
import type { AstroGlobal } from 'astro';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { setConnector } from '../db/db.server.ts';
import { setPlayState } from '../library/play-status.server.ts';
import { createList } from '../lists/list-writes.server.ts';
import { createUserReview } from '../user-reviews/user-review-writes.server.ts';
import { findPublicProfile, profilePage, setProfilePrivacy } from './profiles.server.ts';
import { loadYearPage, yearImageResponse, type YearPage } from './year-page.server.ts';

// Who may see a player's year in review and its picture: anyone while the profile is
// public; only its owner while it is private (an administrator is anyone else here), and
// the owner's view is never stored by a shared cache. Bad addresses are 404s, never 500s.

let connection: DatabaseConnection;
const pat = { id: randomUUID(), username: `Pat_${randomUUID().slice(0, 6)}` };
const sam = { id: randomUUID(), username: `sam_${randomUUID().slice(0, 6)}` };
const admin = { id: randomUUID(), username: `adm_${randomUUID().slice(0, 6)}` };
const YEAR = 2025;

function astroFor(path: string, params: Record<string, string>, userId: string | null): AstroGlobal {
  const url = new URL(path, 'http://localhost');
  return {
    url,
    params,
    request: new Request(url),
    locals: { user: userId ? { id: userId } : null },
    cache: { set() {} },
    rewrite: async (to: string) => new Response(null, { status: to === '/404' ? 404 : 500 }),
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as AstroGlobal;
}

const page = (viewer: string | null, username = pat.username, year = String(YEAR)) =>
  loadYearPage(astroFor(`/${username}/year/${year}`, { username, year }, viewer));

const image = (viewer: string | null, search = '', username = pat.username, year = String(YEAR)) =>
  yearImageResponse({ username, year }, new URL(`http://localhost/${username}/year/${year}.png${search}`), viewer);

function loaded(result: YearPage | Response): YearPage {
  if (result instanceof Response) throw new Error(`expected the page, got ${result.status}`);
  return result;
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  setConnector(async () => connection);
  for (const { id, username } of [pat, sam, admin]) {
    await sql`insert into auth.users (id, email, raw_user_meta_data)
              values (${id}, ${`${username}@example.test`}, ${JSON.stringify({ username, full_name: username })}::jsonb)`.execute(
      connection.db,
    );
  }
  await sql`insert into app_meta.admins (user_id) values (${admin.id})`.execute(connection.db);
  const games = await connection.db
    .selectFrom('games')
    .select('id')
    .where('release_date', '<=', '2024-01-01')
    .orderBy('id')
    .limit(2)
    .execute();
  await setPlayState(connection.db, pat.id, games[0]!.id, {
    status: 'completed',
    finishedOn: `${YEAR}-04-04`,
    hoursPlayed: 22,
  });
  await createUserReview(
    connection.db,
    pat.id,
    'premium',
    {
      gameId: games[1]!.id,
      rating: 9,
      title: null,
      body: 'Great.',
      spoiler: false,
      platformId: null,
      hoursPlayed: null,
      finished: true,
    },
    new Date(`${YEAR}-05-05T12:00:00Z`),
  );
  // A private list never counts toward what anyone sees.
  await createList(connection.db, pat.id, 'premium', {
    title: 'Secret',
    description: null,
    visibility: 'private',
    ranked: false,
  });
});

afterAll(() => connection.close());

describe('a public profile’s year', () => {
  it('is shown to everyone, with the picture’s address keyed by what it shows', async () => {
    for (const viewer of [null, sam.id, pat.id, admin.id]) {
      const year = loaded(await page(viewer));
      expect(year.review.figures).toMatchObject({ gamesFinished: 1, hours: 22, reviews: 1, lists: 0 });
      expect(year.image.path).toBe(`/${pat.username}/year/${YEAR}.png?v=${year.image.key}`);
      expect(year.image.url).toMatch(new RegExp(`^https?://[^/]+/${pat.username}/year/${YEAR}\\.png\\?v=`));
      expect([year.image.width, year.image.height]).toEqual([1200, 630]);
      expect(year.image.alt).toContain('1 game finished; 22 hours; 1 review written; 0 lists made');
    }
  });

  it('serves the PNG, kept by browsers for a year and by no shared cache', async () => {
    const { image: current } = loaded(await page(null));
    const response = await image(null, `?v=${current.key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const png = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(png.byteLength);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('sends an old or missing key to the current address, uncached', async () => {
    const { image: current } = loaded(await page(null));
    for (const search of ['', '?v=old1234']) {
      const response = await image(sam.id, search);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(current.path);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('moves to a new key when a figure changes', async () => {
    const before = loaded(await page(null)).image.key;
    await createList(connection.db, pat.id, 'premium', {
      title: 'Open',
      description: null,
      visibility: 'public',
      ranked: false,
    });
    await sql`update public.user_lists set created_at = ${`${YEAR}-06-06T00:00:00Z`}::timestamptz where user_id = ${pat.id} and visibility = 'public'`.execute(
      connection.db,
    );
    const after = loaded(await page(null));
    expect(after.review.figures.lists).toBe(1);
    expect(after.image.key).not.toBe(before);
  });

  it('redirects another case of the username to the canonical address, page and picture', async () => {
    const lower = pat.username.toLowerCase();
    const response = await page(null, lower);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(301);
    expect((response as Response).headers.get('location')).toBe(`/${pat.username}/year/${YEAR}`);
    const picture = await image(null, '?v=x', lower);
    expect(picture.status).toBe(301);
    expect(picture.headers.get('location')).toBe(`/${pat.username}/year/${YEAR}.png?v=x`);
  });

  it.each(['0', '99999', 'abc', '0999', '2023', '1000'])(
    'answers year %s with a 404, page and picture',
    async (year) => {
      const response = await page(pat.id, pat.username, year);
      expect((response as Response).status).toBe(404);
      expect((await image(pat.id, '?v=x', pat.username, year)).status).toBe(404);
    },
  );

  it('answers an unknown or malformed username with a 404', async () => {
    expect(((await page(null, 'nobody_here')) as Response).status).toBe(404);
    expect(((await page(null, 'a')) as Response).status).toBe(404);
    expect((await image(null, '', 'x/../y')).status).toBe(404);
  });
});

describe('a private profile’s year', () => {
  beforeAll(() => setProfilePrivacy(connection.db, pat.id, true));
  afterAll(() => setProfilePrivacy(connection.db, pat.id, false));

  it('is a 404 to anonymous visitors, other players and administrators, page and picture', async () => {
    const key = loaded(await page(pat.id)).image.key;
    for (const viewer of [null, sam.id, admin.id]) {
      expect(((await page(viewer)) as Response).status).toBe(404);
      const response = await image(viewer, `?v=${key}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('content-type')).not.toBe('image/png');
    }
  });

  it('takes the stats off the profile for everyone but its owner', async () => {
    const profile = (await findPublicProfile(connection.db, pat.username))!;
    expect((await profilePage(connection.db, profile)).details).toBeNull();
    const own = await profilePage(connection.db, profile, { owner: true });
    expect(own.details?.stats.years.map((year) => year.year)).toEqual([YEAR]);
  });

  it('is its owner’s, with the picture never stored', async () => {
    const year = loaded(await page(pat.id));
    expect(year.owner).toBe(true);
    const response = await image(pat.id, `?v=${year.image.key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
