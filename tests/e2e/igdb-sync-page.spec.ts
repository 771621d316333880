import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { PLATFORMS } from '../../src/lib/catalogue-import/reference.ts';
import { startIgdbStandIn, STAND_IN_CLIENT, type IgdbStandIn } from '../helpers/igdb-stand-in.ts';
import { auditInBothSchemes, expect, test } from './fixtures.ts';
import { startSite, type SiteServer } from './servers.ts';

/**
 * The IGDB admin page against a site whose sync is configured: the built site on a
 * PostgreSQL database of its own (TEST_DATABASE_URL) with the Twitch variables pointing at
 * the local IGDB stand-in. The catalogue holds a Celeste dated another year, so the sync
 * queues IGDB's Celeste for review. The administrator starts a new full sync, the scheduled job
 * (run through its cron route) carries it, and the administrator links the review to the
 * catalogue's Celeste and sees it in the change log, then finds the store links IGDB gave on
 * Celeste's page. Four page loads.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const CRON = 'igdb-admin-cron-secret';
const ADMIN = { email: `igdb-admin-${randomBytes(4).toString('hex')}@example.com`, password: 'Str0ng-Pass!' };

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.skip(!serverUrl, 'TEST_DATABASE_URL is not set');

let admin: pg.Client;
let database: pg.Client;
let databaseName: string;
let standIn: IgdbStandIn;
let site: SiteServer;

test.beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  databaseName = `critical_hit_igdb_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${databaseName}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  // Migrated as the README's deploy steps do, and given its catalogue before the site starts.
  await promisify(execFile)(process.execPath, ['scripts/db.ts', 'migrate'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SITE_URL: 'https://critical-hit.example',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
    },
  });
  database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  // The catalogue's platforms, and a Celeste the sync cannot be sure is IGDB's (another year).
  for (const platform of PLATFORMS)
    await database.query('insert into platforms (slug, name, abbreviation) values ($1, $2, $3)', [
      platform.slug,
      platform.name,
      platform.abbreviation,
    ]);
  await database.query(
    `insert into games (slug, title, release_date, sources) values ('celeste', 'Celeste', '2016-01-26', '{editorial}')`,
  );
  // A full sync finished before (of an IGDB that was empty then): the scheduled job, which
  // starts the first full sync by itself, waits for the administrator.
  await database.query(`insert into igdb_sync_runs (status, finished_at) values ('finished', now())`);
  standIn = await startIgdbStandIn();
  site = await startSite({
    DATABASE_URL: databaseUrl,
    DATABASE_LISTEN_URL: '',
    TWITCH_CLIENT_ID: STAND_IN_CLIENT.clientId,
    TWITCH_CLIENT_SECRET: STAND_IN_CLIENT.clientSecret,
    IGDB_API_URL: standIn.apiUrl,
    TWITCH_TOKEN_URL: standIn.tokenUrl,
    CRON_SECRET: CRON,
    AUTH_MAILER_AUTOCONFIRM: '1',
  });
  const signup = await fetch(`${site.origin}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ ...ADMIN, data: { username: 'igdb_admin', full_name: 'IGDB Admin', bio: '' } }),
  });
  expect(signup.status, await signup.text()).toBe(200);
  // The role is granted from the command line only: here, as that command does, in the database.
  await database.query('insert into app_meta.admins (user_id) select id from auth.users where email = $1', [
    ADMIN.email,
  ]);
});

test.afterAll(async () => {
  await site?.stop();
  await standIn?.close();
  await database?.end();
  await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
});

test('an administrator starts the IGDB sync, links an uncertain match, and finds it in the change log', async ({
  page,
}) => {
  const signIn = await page.request.post(`${site.origin}/api/auth/sign-in`, {
    data: { identifier: ADMIN.email, password: ADMIN.password },
    headers: { origin: site.origin },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);

  await page.goto(`${site.origin}/admin/igdb`);
  await expect(page.getByRole('heading', { level: 1, name: 'IGDB sync' })).toBeVisible();
  await expect(page.getByText('No sync is under way.')).toBeVisible();
  await expect(page.getByText('Nothing waits for a decision.')).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Start a full sync' }).click();
  await expect(page.getByTestId('igdb-running')).toContainText(/Run #\d+ is under way/);
  await expect(page.getByRole('button', { name: 'Start a full sync' })).toHaveCount(0);

  // The scheduled job carries the run forward (here through its cron route, as Vercel Cron
  // calls it; the server's own minute tick may take a page of it too).
  const job = await page.request.get(`${site.origin}/api/cron/igdb-sync`, {
    headers: { authorization: `Bearer ${CRON}` },
  });
  expect(job.status(), await job.text()).toBe(200);
  await expect
    .poll(async () => {
      const last = await database.query<{ status: string }>(
        'select status from igdb_sync_runs order by id desc limit 1',
      );
      return last.rows[0]?.status;
    })
    .toBe('finished');

  await page.reload();
  const runs = page.getByRole('list', { name: 'Latest runs, newest first' }).getByRole('listitem');
  await expect(runs.first()).toContainText(/Run #2 \(full\)\s*Finished/);
  const review = page.getByTestId('igdb-review');
  await expect(review).toHaveCount(1);
  await expect(review.getByRole('heading', { level: 3 })).toHaveText('Celeste (2018)');
  await expect(review.getByText('26226', { exact: true })).toBeVisible();
  await expect(review.getByRole('link', { name: 'Celeste' })).toHaveAttribute('href', '/games/celeste');
  await review.getByRole('button', { name: 'Link to Celeste' }).click();

  await expect(page.getByText('Nothing waits for a decision.')).toBeVisible();
  const newest = page.getByTestId('igdb-change-log').getByRole('row').nth(1);
  await expect(newest).toContainText('Celeste');
  await expect(newest).toContainText('Matched');
  await expect(newest).toContainText('An administrator (@igdb_admin)');
  await expect(newest.getByRole('link', { name: 'Celeste' })).toHaveAttribute('href', '/games/celeste');
  const bound = await database.query(
    `select g.slug from game_external_ids e join games g on g.id = e.game_id where e.source = 'igdb' and e.external_id = '26226'`,
  );
  expect(bound.rows).toEqual([{ slug: 'celeste' }]);
  // The fixture audits only pages of the e2e server: this one is audited here.
  await auditInBothSchemes(page, `${site.origin}/admin/igdb`);

  // The linked game's page links each store IGDB gave an address for, and IGDB itself.
  await page.goto(`${site.origin}/games/celeste`);
  const stores = page.getByRole('region', { name: 'Store pages' }).getByRole('link');
  await expect(stores).toHaveText([
    'Steam store page for Celeste',
    'GOG store page for Celeste',
    'Epic Games store page for Celeste',
    'IGDB page for Celeste',
  ]);
  expect(await stores.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
    'https://store.steampowered.com/app/504230/',
    'https://www.gog.com/game/celeste',
    'https://store.epicgames.com/p/celeste',
    'https://www.igdb.com/games/celeste',
  ]);
});
