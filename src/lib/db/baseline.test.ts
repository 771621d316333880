import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dumpAfterMigrationsOnPostgres,
  dumpAfterMigrationsOnShape,
  readSnapshot,
  type DumpTarget,
} from '../../../tests/helpers/schema-dump.ts';
import { MIGRATIONS_DIR, readMigrationFiles, type MigrationFile } from './migrations.server.ts';

// The baseline replaced a chain of migrations before the first release. It must make the
// schema that chain made, to the last grant, comment and inserted row: its own pg_dump,
// normalised the same way, equals the chain's dump committed in tests/schema-snapshot/
// (scripts/schema-snapshot.ts). Only the baseline is applied here: later migrations change
// the schema on purpose, and the snapshot stays the chain's.

export const BASELINE_FILE = '20261128000000_baseline.sql';

async function baselineOnly(): Promise<MigrationFile[]> {
  const files = await readMigrationFiles();
  const baseline = files.find((file) => file.name === BASELINE_FILE);
  if (!baseline) throw new Error(`${path.join(MIGRATIONS_DIR, BASELINE_FILE)} is missing`);
  return [baseline];
}

/** The first differing lines, with some context, so a failure says what differs. */
function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  const at = want.findIndex((line, index) => line !== got[index]);
  const from = Math.max(0, (at === -1 ? Math.min(want.length, got.length) : at) - 3);
  const show = (lines: string[]) =>
    lines
      .slice(from, from + 12)
      .map((line, index) => `${from + index + 1}: ${line}`)
      .join('\n');
  return `chain (snapshot):\n${show(want)}\n\nbaseline:\n${show(got)}`;
}

const targets: { target: DumpTarget; url: string | undefined; dump: (files: MigrationFile[]) => Promise<string> }[] = [
  {
    target: 'postgres',
    url: process.env.TEST_DATABASE_URL,
    dump: (files) => dumpAfterMigrationsOnPostgres(process.env.TEST_DATABASE_URL!, files),
  },
  { target: 'supabase-shape', url: process.env.SUPABASE_SHAPE_URL, dump: dumpAfterMigrationsOnShape },
];

describe.each(targets)('the baseline on $target', ({ target, url, dump }) => {
  it.skipIf(!url)(
    'makes exactly the schema and rows the squashed migration chain made',
    async () => {
      const snapshot = await readSnapshot(target);
      expect(snapshot.chainCommit, 'the snapshot names the commit of the chain').toMatch(/^[0-9a-f]{40}$/);
      const actual = await dump(await baselineOnly());
      if (actual !== snapshot.body) {
        expect.fail(
          `The baseline's schema differs from the chain's (tests/schema-snapshot/${target}.sql):\n${firstDifference(snapshot.body, actual)}`,
        );
      }
    },
    240_000,
  );
});
