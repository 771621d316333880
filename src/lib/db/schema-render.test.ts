import { describe, expect, it } from 'vitest';
import { allowedValues } from './schema-introspect.server.ts';
import {
  columnType,
  renderSchemaTypes,
  renderTable,
  tableTypeName,
  type ColumnModel,
  type TableModel,
} from './schema-render.ts';

const column = (overrides: Partial<ColumnModel>): ColumnModel => ({
  name: 'value',
  type: 'text',
  array: false,
  enumValues: null,
  checkValues: null,
  notNull: true,
  hasDefault: false,
  identity: '',
  generated: false,
  comment: null,
  ...overrides,
});

const table = (columns: ColumnModel[], overrides: Partial<TableModel> = {}): TableModel => ({
  schema: 'public',
  name: 'things',
  kind: 'table',
  comment: null,
  columns,
  ...overrides,
});

const typeOf = (overrides: Partial<ColumnModel>, tableOverrides: Partial<TableModel> = {}) => {
  const col = column(overrides);
  return columnType(table([col], tableOverrides), col);
};

describe('columnType', () => {
  it('requires NOT NULL columns without a default on insert, and lets null columns be left out', () => {
    expect(typeOf({ type: 'text' })).toBe('string');
    expect(typeOf({ type: 'int4', notNull: false })).toBe('number | null');
    expect(typeOf({ type: 'bool', hasDefault: true })).toBe('Generated<boolean>');
  });

  it('makes identity and generated columns read-only, except identity by default', () => {
    expect(typeOf({ type: 'int4', identity: 'a', hasDefault: false })).toBe('GeneratedAlways<number>');
    expect(typeOf({ type: 'int4', identity: 'd' })).toBe('Generated<number>');
    expect(typeOf({ type: 'int2', generated: true, notNull: false })).toBe('GeneratedAlways<number | null>');
  });

  it('returns bigint and numeric as strings and dates as YYYY-MM-DD strings', () => {
    expect(typeOf({ type: 'int8', identity: 'a' })).toBe('GeneratedAlways<string>');
    expect(typeOf({ type: 'numeric', notNull: false })).toBe('string | null');
    expect(typeOf({ type: 'date', notNull: false })).toBe('string | null');
  });

  it('reads timestamps as Dates and accepts ISO strings when writing', () => {
    expect(typeOf({ type: 'timestamptz' })).toBe('ColumnType<Date, Date | string, Date | string>');
    expect(typeOf({ type: 'timestamptz', hasDefault: true })).toBe(
      'ColumnType<Date, Date | string | undefined, Date | string>',
    );
    expect(typeOf({ type: 'timestamp', notNull: false })).toBe(
      'ColumnType<Date | null, Date | string | null, Date | string | null>',
    );
  });

  it('reads jsonb as an object and accepts JSON text when writing', () => {
    expect(typeOf({ type: 'jsonb' })).toBe('ColumnType<JsonObject, JsonObject | string, JsonObject | string>');
  });

  it('turns enums and check-constrained value lists into unions, arrays included', () => {
    expect(typeOf({ enumValues: ['aal1', 'aal2'], notNull: false })).toBe("'aal1' | 'aal2' | null");
    expect(typeOf({ checkValues: ['review', 'preview'], hasDefault: true })).toBe("Generated<'review' | 'preview'>");
    expect(typeOf({ checkValues: ["it's", 'b'] })).toBe("'it\\'s' | 'b'");
    expect(typeOf({ array: true, checkValues: ['a', 'b'], hasDefault: true })).toBe("Generated<('a' | 'b')[]>");
    expect(typeOf({ array: true, type: 'int4' })).toBe('number[]');
  });

  it('applies what only a trigger knows: filled when omitted, or written by triggers only', () => {
    const scale = column({ name: 'score_scale', checkValues: ['ten'] });
    expect(columnType(table([scale], { name: 'critic_reviews' }), scale)).toBe("Generated<'ten'>");
    const counted = column({ name: 'counted', type: 'bool', hasDefault: true });
    expect(columnType(table([counted], { name: 'critic_reviews' }), counted)).toBe('GeneratedAlways<boolean>');
  });

  it('makes every view column read-only and nullable', () => {
    expect(typeOf({ type: 'text' }, { kind: 'view' })).toBe('GeneratedAlways<string | null>');
  });

  it('refuses a type it has no mapping for, naming the column', () => {
    expect(() => typeOf({ type: 'interval', name: 'wait' })).toThrow(/Postgres type interval of public\.things\.wait/);
  });
});

describe('rendering', () => {
  it('names tables by schema and name', () => {
    expect(tableTypeName({ schema: 'public', name: 'critic_reviews' })).toBe('CriticReviewsTable');
    expect(tableTypeName({ schema: 'auth', name: 'flow_state' })).toBe('AuthFlowStateTable');
    expect(tableTypeName({ schema: 'app_meta', name: 'data_loads' })).toBe('AppMetaDataLoadsTable');
  });

  it('carries the comments of the migration, wrapped, and never closes a comment early', () => {
    const text = renderTable(
      table(
        [
          column({ name: 'note', comment: 'Short.' }),
          column({ name: 'long', comment: `${'word '.repeat(30)}end */ here` }),
        ],
        {
          comment: 'The things.',
        },
      ),
    );
    expect(text).toContain('/** The things. */\nexport interface ThingsTable {');
    expect(text).toContain('  /** Short. */\n  note: string;');
    expect(text.match(/\*\//g)).toHaveLength(3);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('lists every table in the map of its schema, auth tables as schema.table', () => {
    const text = renderSchemaTypes([
      table([column({})], { name: 'games' }),
      table([column({})], { schema: 'auth', name: 'users' }),
      table([column({})], { schema: 'app_meta', name: 'data_loads' }),
    ]);
    expect(text).toContain('export interface PublicTables {\n  games: GamesTable;\n}');
    expect(text).toContain("export interface AuthTables {\n  'auth.users': AuthUsersTable;\n}");
    expect(text).toContain("export interface AppMetaTables {\n  'app_meta.data_loads': AppMetaDataLoadsTable;\n}");
  });
});

describe('allowedValues', () => {
  it('reads value lists the way pg_get_constraintdef prints them', () => {
    expect(allowedValues("CHECK ((status = ANY (ARRAY['active'::text, 'canceled'::text])))")).toEqual({
      column: 'status',
      values: ['active', 'canceled'],
    });
    expect(
      allowedValues("CHECK (((b)::text = ANY ((ARRAY['p'::character varying, 'q'::character varying])::text[])))"),
    ).toEqual({
      column: 'b',
      values: ['p', 'q'],
    });
    expect(allowedValues("CHECK ((sources <@ ARRAY['editorial'::text, 'demo'::text]))")).toEqual({
      column: 'sources',
      values: ['editorial', 'demo'],
    });
    expect(allowedValues("CHECK ((kind = 'only'::text))")).toEqual({ column: 'kind', values: ['only'] });
    expect(allowedValues("CHECK ((\"Odd\" = ANY (ARRAY['it''s'::text, 'v'::text])))")).toEqual({
      column: 'Odd',
      values: ["it's", 'v'],
    });
  });

  it('ignores every other rule', () => {
    expect(allowedValues("CHECK (((e = 'x'::text) AND (e <> ''::text)))")).toBeNull();
    expect(allowedValues("CHECK ((slug ~ '^[a-z0-9]+$'::text))")).toBeNull();
    expect(allowedValues('CHECK ((price_cents >= 0))')).toBeNull();
    expect(allowedValues('CHECK (((recommendation_threshold >= 0) AND (recommendation_threshold <= 100)))')).toBeNull();
  });
});
