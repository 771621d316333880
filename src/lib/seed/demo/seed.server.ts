import type { Kysely } from 'kysely';
import type { DeploymentMode } from '../../config/env.ts';
import { hasDataLoad } from '../../db/migrations.server.ts';
import type { Database } from '../../db/schema.ts';
import { loadDemoAccounts } from './accounts.server.ts';
import { loadDemoCatalogue } from './catalogue.server.ts';
import { loadDemoCommunity } from './community.server.ts';
import { loadDemoCritics } from './critics.server.ts';

/**
 * The demo data, in the order its parts depend on each other: the catalogue from data/,
 * the invented critics (outlets, authors, reviews, collections) on top of it, the
 * demo accounts (which own a demo outlet and are a demo author), and the demo community
 * (invented players and their activity, which the demo accounts follow). Each part is a named
 * data load in app_meta.data_loads, so a database made before a part existed gets that
 * part on its next start, and nothing is ever loaded twice.
 *
 * Two callers: the start-up path (scripts/start.ts, and `npm run dev` through
 * `scripts/db.ts prepare`) on the embedded database, and `npm run db:seed` in any mode.
 * The connection module only connects and migrates: seeding is not a side effect of the
 * first query.
 */

export type SeedLog = (message: string) => void;

async function loadCritics(db: Kysely<Database>, log: SeedLog): Promise<void> {
  const critics = await loadDemoCritics(db);
  log(
    `demo critics: ${critics.outlets} outlets, ${critics.authors} authors, ${critics.reviews} reviews and previews, ` +
      `${critics.games} invented games, ${critics.collections} collections`,
  );
}

async function loadAccounts(db: Kysely<Database>, log: SeedLog): Promise<void> {
  const accounts = await loadDemoAccounts(db);
  log(
    `demo accounts: ${accounts.created} created, ${accounts.existing} already present` +
      (accounts.outlet ? `; demo_owner owns ${accounts.outlet}` : '') +
      (accounts.author ? `; demo_author is ${accounts.author}` : ''),
  );
}

async function loadCommunity(db: Kysely<Database>, log: SeedLog): Promise<void> {
  const started = performance.now();
  const community = await loadDemoCommunity(db);
  log(
    `demo community: ${community.players} players, ${community.statuses} library rows, ${community.reviews} reviews, ` +
      `${community.votes} helpful votes, ${community.lists} lists with ${community.likes} likes, ` +
      `${community.follows + community.outletFollows} follows ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

/**
 * What the first start of the embedded database loads: every part of the demo not loaded
 * yet. Nothing in the other modes (their demo data is `npm run db:seed`'s, without the
 * accounts), and nothing once a synthetic benchmark catalogue (`npm run db:generate`)
 * has replaced the demo.
 */
export async function seedOnFirstStart(
  db: Kysely<Database>,
  mode: DeploymentMode,
  log: SeedLog = () => {},
): Promise<void> {
  if (mode !== 'embedded' || (await hasDataLoad(db, 'synthetic'))) return;
  if (!(await hasDataLoad(db, 'demo'))) {
    log('first start: loading the demo catalogue');
    const catalogue = await loadDemoCatalogue(db);
    log(`demo catalogue: ${catalogue.games} games`);
  }
  if (!(await hasDataLoad(db, 'demo-critics'))) await loadCritics(db, log);
  if (!(await hasDataLoad(db, 'demo-accounts'))) await loadAccounts(db, log);
  if (!(await hasDataLoad(db, 'demo-community'))) await loadCommunity(db, log);
}

/**
 * `npm run db:seed`: the demo catalogue (games already present, by title, are skipped),
 * the critics and the community unless loaded before, and in the embedded mode the demo
 * accounts (created where missing). Idempotent. The community's players have no password,
 * so it loads in every mode, as the invented critics do.
 */
export async function seedDemo(db: Kysely<Database>, mode: DeploymentMode, log: SeedLog = () => {}): Promise<void> {
  const { games, skipped } = await loadDemoCatalogue(db);
  log(`demo catalogue: ${games} games added${skipped > 0 ? `, ${skipped} already present` : ''}`);
  if (await hasDataLoad(db, 'demo-critics')) log('demo critics: already loaded');
  else await loadCritics(db, log);
  // Accounts with a published password never reach a database other people can reach.
  if (mode === 'embedded') await loadAccounts(db, log);
  if (await hasDataLoad(db, 'demo-community')) log('demo community: already loaded');
  else await loadCommunity(db, log);
}
