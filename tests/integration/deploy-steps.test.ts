import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/lib/config/env.ts';
import { readMigrationFiles } from '../../src/lib/db/migrations.server.ts';
import {
  createShapeDatabase,
  migrateAsDeployed,
  runCommand,
  SHAPE_SERVER_URL,
  shapeUrl,
} from '../helpers/supabase-shape.ts';

// The deploy documentation, run as written: every command of the README's "Deploy to Vercel
// with Supabase" and of docs/deploy.md is either run here (placeholders filled in, nothing
// else changed) or named below with what runs it instead. A command the documents gain or
// change without a decision here fails the first test.

const README_SECTION = /^## Deploy to Vercel with Supabase$([\s\S]*?)^## /m;

async function documents(): Promise<{ name: string; text: string }[]> {
  const readme = (await readFile('README.md', 'utf8')).match(README_SECTION)?.[1];
  if (!readme) throw new Error('README.md has no "Deploy to Vercel with Supabase" section');
  return [
    { name: 'README.md', text: readme },
    { name: 'docs/deploy.md', text: await readFile('docs/deploy.md', 'utf8') },
  ];
}

const COMMAND_WORDS =
  /^(\(set|npm|node|pg_dump|pg_restore|psql|systemctl|nginx|apt-get|cp|rm|mkdir|restic|rsync|supabase|postgres|certbot|[A-Z_]+=\S+ )/;

/** The commands a document gives: lines of its shell blocks, and inline code that reads as a command. */
function commandsIn(text: string): string[] {
  const commands: string[] = [];
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const raw of block[1]!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      // Comments, and the lines of an environment file (NAME=value) are no commands.
      if (
        !line ||
        line.startsWith('#') ||
        /^[A-Z_][A-Z0-9_]*=\S*$/.test(line) ||
        /^[A-Z_][A-Z0-9_]*='[^']*'$/.test(line)
      )
        continue;
      commands.push(line);
    }
  }
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const span of prose.matchAll(/`([^`\n]+)`/g)) {
    if (span[1]!.includes(' ') && COMMAND_WORDS.test(span[1]!)) commands.push(span[1]!);
  }
  return [...new Set(commands)];
}

const STEP_2_MIGRATE = 'SUPABASE_URL=… SUPABASE_ANON_KEY=… DATABASE_URL=<session or direct string> npm run db:migrate';
const RELEASE_MIGRATE = '(set -a; . /etc/critical-hit/env; set +a; npm run db:migrate)';
const SIGNING_KEY =
  "node -e \"crypto.subtle.generateKey({name:'ECDSA',namedCurve:'P-256'},true,['sign']).then(k=>crypto.subtle.exportKey('jwk',k.privateKey)).then(j=>console.log(JSON.stringify(j)))\"";
const DUMP = 'pg_dump -Fc critical_hit > critical-hit-$(date +%F).dump';
const RESTORE = 'pg_restore -d <fresh database> critical-hit-<date>.dump';

/** Every documented command, and what runs it. */
const RUN_HERE = 'run by this file';
const INVENTORY: Record<string, string> = {
  [STEP_2_MIGRATE]: `${RUN_HERE}, on a Supabase-shaped database`,
  'npm run db:migrate': `${RUN_HERE}: step 2's command again, "before each deploy that adds a migration"`,
  'npm run db:seed': `${RUN_HERE}: "the same way" as step 2's command`,
  [RELEASE_MIGRATE]: `${RUN_HERE}, with the documented environment file, on PostgreSQL (TEST_DATABASE_URL)`,
  [SIGNING_KEY]: `${RUN_HERE}: its key goes into that environment file`,
  [DUMP]: `${RUN_HERE}, on PostgreSQL (TEST_DATABASE_URL)`,
  [RESTORE]: `${RUN_HERE}, restoring that dump`,
  'npm run restore': 'the command below, named',
  'npm run restore -- critical-hit-….tar.gz':
    'tests/e2e/backup.spec.ts restores a downloaded backup into fresh folders with the function this command runs, and serves the restored site',
  'npm ci && npm run build': '.ci/run (npm ci) and npm test (npm run build)',
  'npm ci': '.ci/run',
  'npm run build': 'npm test',
  'npm start': 'the e2e suite (playwright.config.ts starts the built server on a demo database)',
  'node scripts/start.ts': 'tests/helpers/node-servers.ts and tests/e2e/nginx.spec.ts start node servers this way',
  'npm run nginx:cache-key': 'scripts/nginx-site.test.ts checks deploy/nginx/cache-key.conf is what it writes',
  'npm run bench': 'a measurement, not a deploy step (docs/performance.md)',
  'npm run measure:compression -- --port 4714': 'a measurement, not a deploy step',
  'systemctl enable --now critical-hit@4321 critical-hit@4322':
    'not in CI (no systemd); the unit runs node scripts/start.ts with the env file, as above',
  'systemctl restart critical-hit@4321': 'not in CI (no systemd)',
  'apt-get install nginx': '.ci/run installs nginx from Debian',
  'apt-get install libnginx-mod-http-brotli-static': 'optional; not in CI',
  'cp deploy/nginx/critical-hit.conf /etc/nginx/conf.d/':
    'tests/e2e/nginx.spec.ts runs this file, rendered for local paths and ports',
  'mkdir -p /etc/nginx/critical-hit && cp deploy/nginx/cache-key.conf /etc/nginx/critical-hit/':
    'tests/e2e/nginx.spec.ts, as above',
  'rm /etc/nginx/sites-enabled/default': 'not in CI (a system nginx)',
  'nginx -t && systemctl reload nginx': 'tests/e2e/nginx.spec.ts starts nginx with the rendered file; no systemd in CI',
  'postgres -D <data> -C shared_memory_size_in_huge_pages': 'not in CI (sizing a production server)',
  'restic backup /srv/critical-hit-storage': 'not in CI (an external backup tool)',
  'rsync -a': 'not in CI (another machine)',
  'supabase storage cp -r': 'not in CI (a hosted project)',
};

describe('the deploy documentation', () => {
  it('gives no command without a decision here, and every command here is still in it', async () => {
    const documented = (await documents()).flatMap((doc) => commandsIn(doc.text));
    expect(
      [...new Set(documented)].filter((command) => !(command in INVENTORY)),
      'documented commands without a decision',
    ).toEqual([]);
    expect(
      Object.keys(INVENTORY).filter((command) => !documented.includes(command)),
      'decisions for commands no longer documented',
    ).toEqual([]);
  });

  describe.skipIf(!SHAPE_SERVER_URL)('"Deploy to Vercel with Supabase", on a Supabase-shaped database', () => {
    let database: { name: string; drop(): Promise<void> } | undefined;
    afterAll(() => database?.drop());

    it('applies the migrations (step 2), loads the demo catalogue the same way, and finds nothing to apply before the next deploy', async () => {
      database = await createShapeDatabase('platform');
      // The placeholders filled in; the variables are the command's own, nothing from this process.
      const {
        SUPABASE_URL: _url,
        SUPABASE_ANON_KEY: _key,
        DATABASE_URL: _database,
        SITE_URL: _site,
        ...machine
      } = process.env;
      const stepTwo = STEP_2_MIGRATE.replace('SUPABASE_URL=…', 'SUPABASE_URL=https://shape-test.supabase.co')
        .replace('SUPABASE_ANON_KEY=…', 'SUPABASE_ANON_KEY=anon-key')
        .replace('<session or direct string>', shapeUrl(database.name, 'postgres'));
      expect(await migrateAsDeployed(database.name, stepTwo, machine)).toMatch(/Migrations: applied \d+\./);
      expect(await runCommand(stepTwo.replace('npm run db:migrate', 'npm run db:seed'), machine)).toMatch(
        /demo catalogue: \d+ games added/,
      );
      expect(await migrateAsDeployed(database.name, stepTwo, machine)).toMatch(/Migrations: up to date\./);
    }, 240_000);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('a self-hosted release, on PostgreSQL', () => {
    const server = process.env.TEST_DATABASE_URL!;
    const names = [`critical_hit_${randomBytes(4).toString('hex')}`, `critical_hit_${randomBytes(4).toString('hex')}`];
    let dir: string;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    afterAll(async () => {
      for (const name of names) await admin(`drop database if exists ${name} with (force)`);
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('migrates with the documented environment file, then dumps and restores as the backups section says', async () => {
      const [live, restored] = names as [string, string];
      await admin(`create database ${live}`);
      await admin(`create database ${restored}`);
      dir = await mkdtemp(path.join(tmpdir(), 'deploy-steps-'));
      const liveUrl = new URL(server);
      liveUrl.pathname = `/${live}`;

      const key = (await runCommand(SIGNING_KEY, process.env)).trim();
      expect(parseEnv({ AUTH_JWT_PRIVATE_KEY: key }).AUTH_JWT_PRIVATE_KEY).toBe(key);

      // The environment file exactly as documented, its placeholders filled in.
      const deployDoc = await readFile('docs/deploy.md', 'utf8');
      const envBlock = deployDoc.match(/in `\/etc\/critical-hit\/env`[\s\S]*?```sh\n([\s\S]*?)```/)?.[1];
      if (!envBlock) throw new Error('docs/deploy.md has no environment file block');
      const envFile = envBlock
        .replace(/^DATABASE_URL=.*$/m, `DATABASE_URL=${liveUrl}`)
        .replace(/^AUTH_JWT_PRIVATE_KEY=.*$/m, `AUTH_JWT_PRIVATE_KEY='${key}'`)
        .replace(/^STORAGE_DIR=.*$/m, `STORAGE_DIR=${dir}/storage`);
      await writeFile(path.join(dir, 'env'), envFile);
      const { DATABASE_URL: _database, SITE_URL: _site, NODE_ENV: _node, ...machine } = process.env;
      const release = RELEASE_MIGRATE.replace('/etc/critical-hit/env', path.join(dir, 'env'));
      expect(await runCommand(release, machine)).toMatch(/Migrations: applied \d+\./);

      // The nightly dump and its restore, run where the dump is written.
      const connection = {
        ...machine,
        PGHOST: liveUrl.hostname,
        PGPORT: liveUrl.port,
        PGUSER: decodeURIComponent(liveUrl.username),
      };
      await runCommand(`cd ${dir} && ${DUMP.replace('critical_hit', live)}`, connection);
      const date = (await runCommand('date +%F', machine)).trim();
      await runCommand(
        `cd ${dir} && ${RESTORE.replace('<fresh database>', restored).replace('<date>', date)}`,
        connection,
      );
      const check = new pg.Client({
        connectionString: Object.assign(new URL(server), { pathname: `/${restored}` }).toString(),
      });
      await check.connect();
      try {
        // The restored copy carries the migrations' bookkeeping: nothing to apply again.
        const applied = await check.query<{ name: string }>(
          'select name from app_meta.schema_migrations order by name',
        );
        expect(applied.rows.map((row) => row.name)).toEqual((await readMigrationFiles()).map((file) => file.name));
      } finally {
        await check.end();
      }
    }, 240_000);
  });
});
