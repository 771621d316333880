// Writes tests/schema-snapshot/{postgres,supabase-shape}.sql: the normalised schema dump (and
// the rows migrations insert) of the migration chain that supabase/migrations/*_baseline.sql
// replaced, applied to fresh databases. src/lib/db/baseline.test.ts compares the baseline's
// own dump with them. Needs TEST_DATABASE_URL and SUPABASE_SHAPE_URL (.ci/throwaway-postgres.sh).
//
//   npm run db:schema-snapshot -- --chain <commit> [--with <commit>:<path> ...]
//
// --chain: a commit whose supabase/migrations/ holds the chain (every file is applied).
// --with: a migration folded into the baseline later, read from that commit (repeatable).
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checksum, type MigrationFile } from '../src/lib/db/migrations.server.ts';
import {
  dumpAfterMigrationsOnPostgres,
  dumpAfterMigrationsOnShape,
  SNAPSHOT_DIR,
  SNAPSHOT_HEADER_END,
  snapshotFile,
  type DumpTarget,
} from '../tests/helpers/schema-dump.ts';

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

function fileAt(commit: string, filePath: string): MigrationFile {
  const text = git('show', `${commit}:${filePath}`);
  return { name: path.basename(filePath), sql: text, checksum: checksum(text) };
}

function chainAt(commit: string): MigrationFile[] {
  return git('ls-tree', '--name-only', commit, 'supabase/migrations/')
    .split('\n')
    .filter((name) => name.endsWith('.sql'))
    .map((name) => fileAt(commit, name));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { chain: { type: 'string' }, with: { type: 'string', multiple: true, default: [] } },
  });
  if (!values.chain)
    throw new Error('Usage: npm run db:schema-snapshot -- --chain <commit> [--with <commit>:<path> ...]');
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl || !process.env.SUPABASE_SHAPE_URL) {
    throw new Error(
      'TEST_DATABASE_URL and SUPABASE_SHAPE_URL must both be set: eval "$(.ci/throwaway-postgres.sh start)" and eval "$(.ci/throwaway-postgres.sh start-supabase-shape)"',
    );
  }
  const chainCommit = git('rev-parse', `${values.chain}^{commit}`).trim();
  const extra = values.with.map((spec) => {
    const [commit, filePath] = spec.split(/:(.*)/s);
    if (!commit || !filePath) throw new Error(`--with takes <commit>:<path>, not ${spec}`);
    return { spec: `${git('rev-parse', `${commit}^{commit}`).trim()}:${filePath}`, file: fileAt(commit, filePath) };
  });
  const files = [...chainAt(chainCommit), ...extra.map((entry) => entry.file)].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  if (files.some((file) => file.name.endsWith('_baseline.sql')))
    throw new Error(`${chainCommit} already has the baseline: name the commit before the squash`);

  const header = (target: DumpTarget) =>
    [
      `-- The schema the squashed migration chain made (${files.length} migrations), applied to a fresh`,
      target === 'postgres'
        ? '-- PostgreSQL after supabase/bootstrap/local-supabase.sql, as the runner applies them;'
        : '-- Supabase-shaped database (tests/supabase-shape/) as `postgres`, as `npm run db:migrate` does;',
      '-- normalised pg_dump --schema-only, then the rows the migrations inserted. The baseline must',
      '-- make exactly this (src/lib/db/baseline.test.ts). Written by scripts/schema-snapshot.ts:',
      `--   npm run db:schema-snapshot -- --chain ${chainCommit.slice(0, 12)}${extra.map((entry) => ` --with ${entry.spec.slice(0, 12)}:${entry.spec.split(':')[1]}`).join('')}`,
      `-- Chain: commit ${chainCommit}`,
      ...extra.map((entry) => `-- With: ${entry.spec}`),
      SNAPSHOT_HEADER_END,
    ].join('\n');

  await mkdir(SNAPSHOT_DIR, { recursive: true });
  const dumps: [DumpTarget, string][] = [
    ['postgres', await dumpAfterMigrationsOnPostgres(postgresUrl, files)],
    ['supabase-shape', await dumpAfterMigrationsOnShape(files)],
  ];
  for (const [target, dump] of dumps) {
    await writeFile(snapshotFile(target), header(target) + dump);
    console.log(
      `${path.relative(process.cwd(), snapshotFile(target))}: ${files.length} migrations of ${chainCommit.slice(0, 12)}.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`Error: ${(error as Error).message}`);
  process.exitCode = 1;
});
