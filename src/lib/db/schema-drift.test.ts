import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from './connect.server.ts';
import { introspectSchema } from './schema-introspect.server.ts';
import { renderSchemaTypes, tableTypeName, TYPED_SCHEMAS } from './schema-render.ts';

// The Kysely types cannot drift from the migrations: the committed schema.generated.ts must
// be exactly what the migrated database describes. After a migration, `npm run db:types`.

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(() => connection.close());

describe('schema.generated.ts', () => {
  it('is what the migrated database describes (run npm run db:types after a migration)', async () => {
    const expected = renderSchemaTypes(await introspectSchema(connection.db));
    const committed = await readFile('src/lib/db/schema.generated.ts', 'utf8');
    expect(
      committed,
      'src/lib/db/schema.generated.ts differs from the migrations: run `npm run db:types` and commit it',
    ).toBe(expected);
  });

  it('types every table of the public, auth and app_meta schemas', async () => {
    const tables = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'auth', 'app_meta') and table_type = 'BASE TABLE'
    `.execute(connection.db);
    const committed = await readFile('src/lib/db/schema.generated.ts', 'utf8');
    expect(tables.rows.length).toBeGreaterThan(25);
    for (const table of tables.rows) {
      const map = TYPED_SCHEMAS.find((entry) => entry.schema === table.schema)!.map;
      const mapBody = committed.slice(committed.indexOf(`export interface ${map} {`));
      const key = table.schema === 'public' ? table.name : `'${table.schema}.${table.name}'`;
      expect(mapBody, `${table.schema}.${table.name}`).toMatch(
        new RegExp(`\\n  ${key.replace(/\./g, '\\.')}: ${tableTypeName(table)};`),
      );
    }
  });
});
