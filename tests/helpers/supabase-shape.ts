import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { readMigrationFiles } from '../../src/lib/db/migrations.server.ts';

/**
 * The Supabase-shaped PostgreSQL of the tests (tests/supabase-shape/README.md): a cluster
 * whose superuser is `supabase_admin` (`.ci/throwaway-postgres.sh start-supabase-shape`,
 * SUPABASE_SHAPE_URL), a template database with hosted Supabase's roles, grants and service
 * schemas, and a second template with this project's migrations applied the way the README's
 * deploy steps apply them. Each test copies a template into a database of its own.
 */

export const SHAPE_SERVER_URL = process.env.SUPABASE_SHAPE_URL;
const PLATFORM_SQL = path.resolve('tests/supabase-shape/platform.sql');
/** Arbitrary constant: one test file at a time builds the templates. */
const TEMPLATE_LOCK_KEY = 8_774_875;
const MIGRATION_RUN_LOCK_KEY = 8_774_876;

/** Hosted Supabase lets `postgres` manage policies on these tables (supautils' policy_grants). */
export const POLICY_GRANT_TABLES = [
  'auth.audit_log_entries',
  'auth.identities',
  'auth.refresh_tokens',
  'auth.sessions',
  'auth.users',
  'realtime.messages',
  'storage.buckets',
  'storage.migrations',
  'storage.objects',
];

/** The connection string of `database` on the shape's server, signed in as `role`. */
export function shapeUrl(database: string, role = 'postgres'): string {
  if (!SHAPE_SERVER_URL) throw new Error('SUPABASE_SHAPE_URL is not set');
  const url = new URL(SHAPE_SERVER_URL);
  url.username = role;
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` with one client signed in as `role` to `database`, then closes it. */
export async function withClient<T>(
  database: string,
  role: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: shapeUrl(database, role) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseExists = async (admin: pg.Client, name: string) =>
  (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

/** Environment of a command run the way the README's deploy steps run it against a Supabase project. */
export function supabaseDeployEnv(database: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SUPABASE_URL: 'https://shape-test.supabase.co',
    SUPABASE_ANON_KEY: 'anon-key-of-the-shape-test',
    DATABASE_URL: shapeUrl(database, 'postgres'),
  };
}

/** Runs a shell command line (as a person types it) and resolves with its output; rejects on a non-zero exit. */
export function runCommand(commandLine: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', commandLine], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`\`${commandLine}\` exited with ${code}:\n${output}`));
    });
  });
}

/**
 * What supautils would let `postgres` change on the service tables: their policies and
 * nothing else. Without supautils, the test makes `postgres` a member of the services' roles
 * for the length of a migration run, and this fingerprint of everything but the policies
 * shows that the run used that for nothing more.
 */
export async function serviceSchemaFingerprint(client: pg.Client): Promise<string> {
  const result = await client.query<{ line: string }>(`
    select format('class %s %s owner=%s rls=%s acl=%s', c.oid::regclass, c.relkind, c.relowner::regrole, c.relrowsecurity, c.relacl) as line
      from pg_class c where c.relnamespace::regnamespace::text in ('auth', 'storage', 'realtime')
    union all
    select format('column %s.%s %s notnull=%s default=%s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace::regnamespace::text in ('auth', 'storage', 'realtime') and a.attnum > 0 and not a.attisdropped
    union all
    select format('constraint %s %s', k.conrelid::regclass, pg_get_constraintdef(k.oid))
      from pg_constraint k where k.connamespace::regnamespace::text in ('auth', 'storage', 'realtime')
    union all
    select format('trigger %s %s', t.tgrelid::regclass, pg_get_triggerdef(t.oid))
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace::regnamespace::text in ('auth', 'storage', 'realtime') and not t.tgisinternal
        -- (a trigger on a table it holds the TRIGGER privilege of is postgres's own to make)
        and not has_table_privilege('postgres', t.tgrelid, 'TRIGGER')
    union all
    select format('function %s owner=%s definer=%s acl=%s body=%s', p.oid::regprocedure, p.proowner::regrole, p.prosecdef, p.proacl, md5(p.prosrc))
      from pg_proc p where p.pronamespace::regnamespace::text in ('auth', 'storage', 'realtime')
    union all
    select format('type %s owner=%s', t.oid::regtype, t.typowner::regrole)
      from pg_type t where t.typnamespace::regnamespace::text in ('auth', 'storage', 'realtime') and t.typrelid = 0
    order by 1`);
  return result.rows.map((row) => row.line).join('\n');
}

async function buildTemplate(
  admin: pg.Client,
  name: string,
  build: (database: string) => Promise<void>,
): Promise<void> {
  if (await databaseExists(admin, name)) return;
  const building = `${name}_building`;
  await admin.query(`drop database if exists ${building} with (force)`);
  await admin.query(`create database ${building}`);
  await build(building);
  await admin.query(`alter database ${building} rename to ${name}`);
  await admin.query(`alter database ${name} is_template true`);
}

/** Applies platform.sql: hosted Supabase's roles, grants and service schemas. */
async function buildPlatform(database: string): Promise<void> {
  const platform = await readFile(PLATFORM_SQL, 'utf8');
  await withClient(database, 'supabase_admin', async (client) => {
    await client.query(`begin; ${platform}; commit;`);
    await client.query(`alter database ${database} owner to postgres`);
  });
}

/**
 * Runs a command that migrates `database` (by default `npm run db:migrate` with the
 * variables of the README's deploy step), as `postgres`, with supautils' policy grants
 * emulated around it (see serviceSchemaFingerprint).
 */
export async function migrateAsDeployed(
  database: string,
  commandLine = 'npm run db:migrate',
  env: NodeJS.ProcessEnv = supabaseDeployEnv(database),
): Promise<string> {
  return withPolicyGrants(database, () => runCommand(commandLine, env));
}

/**
 * Runs `work` (a migration run as `postgres`) with supautils' policy grants emulated: the
 * services' roles granted to `postgres` for its length, and a check afterwards that the
 * service schemas changed in nothing but their policies.
 */
export async function withPolicyGrants<T>(database: string, work: () => Promise<T>): Promise<T> {
  // The memberships are the cluster's: one migration run at a time holds them.
  const lock = new pg.Client({ connectionString: shapeUrl('postgres', 'supabase_admin') });
  await lock.connect();
  await lock.query('select pg_advisory_lock($1)', [MIGRATION_RUN_LOCK_KEY]);
  try {
    return await grantedAround(database, work);
  } finally {
    await lock.end();
  }
}

async function grantedAround<T>(database: string, work: () => Promise<T>): Promise<T> {
  const grantTo = (verb: 'grant' | 'revoke') =>
    withClient(database, 'supabase_admin', (client) =>
      client.query(
        `${verb} supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin ${verb === 'grant' ? 'to' : 'from'} postgres`,
      ),
    );
  const before = await withClient(database, 'supabase_admin', serviceSchemaFingerprint);
  await grantTo('grant');
  let result: T;
  try {
    result = await work();
  } finally {
    await grantTo('revoke');
  }
  const after = await withClient(database, 'supabase_admin', serviceSchemaFingerprint);
  if (after !== before) {
    throw new Error(
      'The migrations changed a table or function of the auth, storage or realtime schema beyond its policies, ' +
        `which hosted Supabase does not let \`postgres\` do:\n${diffLines(before, after)}`,
    );
  }
  return result;
}

function diffLines(before: string, after: string): string {
  const was = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  return [
    ...[...was].filter((line) => !now.has(line)).map((line) => `- ${line}`),
    ...[...now].filter((line) => !was.has(line)).map((line) => `+ ${line}`),
  ].join('\n');
}

let templates: Promise<{ platform: string; migrated: string }> | undefined;

/** The two templates (built once per content of platform.sql and of the migrations, then kept on the server). */
export function shapeTemplates(): Promise<{ platform: string; migrated: string }> {
  templates ??= (async () => {
    const platformSql = await readFile(PLATFORM_SQL, 'utf8');
    const migrations = await readMigrationFiles();
    const platformKey = createHash('sha256').update(platformSql).digest('hex').slice(0, 12);
    const migratedKey = createHash('sha256')
      .update(platformKey)
      .update(migrations.map((file) => `${file.name}:${file.checksum}`).join('\n'))
      .digest('hex')
      .slice(0, 12);
    const names = {
      platform: `supabase_shape_${platformKey}`,
      migrated: `supabase_shape_${platformKey}_m_${migratedKey}`,
    };
    await withClient('postgres', 'supabase_admin', async (admin) => {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      try {
        await buildTemplate(admin, names.platform, buildPlatform);
        await buildTemplate(admin, names.migrated, async (database) => {
          await admin.query(`drop database ${database}`);
          await admin.query(`create database ${database} template ${names.platform} owner postgres`);
          await migrateAsDeployed(database);
        });
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
      }
    });
    return names;
  })();
  return templates;
}

/** A new database copied from a template; drop() removes it. */
export async function createShapeDatabase(
  kind: 'platform' | 'migrated',
): Promise<{ name: string; drop(): Promise<void> }> {
  const template = (await shapeTemplates())[kind];
  const name = `shape_test_${randomBytes(6).toString('hex')}`;
  await withClient('postgres', 'supabase_admin', (admin) =>
    admin.query(`create database ${name} template ${template} owner postgres`),
  );
  return {
    name,
    drop: () =>
      withClient('postgres', 'supabase_admin', (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}
