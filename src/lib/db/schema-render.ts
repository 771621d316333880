/**
 * Writes the Kysely table types (src/lib/db/schema.generated.ts) from a description of the
 * migrated database (schema-introspect.server.ts reads it from pg_catalog). Pure, so the
 * mapping rules are tested on their own; `npm run db:types` writes the file and a test
 * fails whenever the committed file and the migrations disagree.
 */

export interface ColumnModel {
  name: string;
  /** Postgres type name; the element type for an array column. */
  type: string;
  array: boolean;
  /** Labels of an enum type. */
  enumValues: string[] | null;
  /** Values a single-column check constraint allows (`col in (…)`, or `col <@ array[…]` for arrays). */
  checkValues: string[] | null;
  notNull: boolean;
  hasDefault: boolean;
  /** 'a': generated always as identity; 'd': by default; '' none. */
  identity: '' | 'a' | 'd';
  /** generated always as (…) stored */
  generated: boolean;
  comment: string | null;
}

export interface TableModel {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  comment: string | null;
  columns: ColumnModel[];
}

/** The schemas the site queries, in the order the file lists them, with the prefix of their type names. */
export const TYPED_SCHEMAS = [
  { schema: 'public', prefix: '', map: 'PublicTables' },
  { schema: 'auth', prefix: 'Auth', map: 'AuthTables' },
  { schema: 'app_meta', prefix: 'AppMeta', map: 'AppMetaTables' },
  { schema: 'storage', prefix: 'Storage', map: 'StorageTables' },
] as const;

/**
 * What pg_catalog cannot tell: NOT NULL columns without a default that a trigger fills
 * when an insert leaves them out (optional on insert), and columns only triggers write
 * (never written by the site). A migration adding such a trigger adds its column here.
 */
export const TRIGGER_COLUMNS: Readonly<Record<string, 'fills-when-omitted' | 'maintains'>> = {
  'public.critic_reviews.score_scale': 'fills-when-omitted',
  'public.critic_reviews.counted': 'maintains',
};

interface TsType {
  select: string;
  /** What inserts and updates accept, when wider than what a select returns. */
  write?: string;
}

const SCALARS: Readonly<Record<string, TsType>> = {
  bool: { select: 'boolean' },
  int2: { select: 'number' },
  int4: { select: 'number' },
  float4: { select: 'number' },
  float8: { select: 'number' },
  // node-postgres returns 64-bit integers and numerics as strings: a number could lose digits.
  int8: { select: 'string' },
  numeric: { select: 'string' },
  text: { select: 'string' },
  varchar: { select: 'string' },
  bpchar: { select: 'string' },
  uuid: { select: 'string' },
  inet: { select: 'string' },
  citext: { select: 'string' },
  // 'YYYY-MM-DD': connect.server.ts keeps dates as strings so they never shift with a time zone.
  date: { select: 'string' },
  timestamptz: { select: 'Date', write: 'Date | string' },
  timestamp: { select: 'Date', write: 'Date | string' },
  jsonb: { select: 'JsonObject', write: 'JsonObject | string' },
  json: { select: 'JsonObject', write: 'JsonObject | string' },
};

const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export function tableTypeName(table: Pick<TableModel, 'schema' | 'name'>): string {
  const prefix = TYPED_SCHEMAS.find((entry) => entry.schema === table.schema)?.prefix ?? pascalCase(table.schema);
  return `${prefix}${pascalCase(table.name)}Table`;
}

function baseType(table: TableModel, column: ColumnModel): TsType {
  const values = column.enumValues ?? column.checkValues;
  if (values) return { select: values.map(quote).join(' | ') };
  const scalar = SCALARS[column.type];
  if (!scalar) {
    throw new Error(
      `No TypeScript type for the Postgres type ${column.type} of ${table.schema}.${table.name}.${column.name}: ` +
        'add it to SCALARS in src/lib/db/schema-render.ts.',
    );
  }
  return scalar;
}

/** The Kysely column type of one column. */
export function columnType(table: TableModel, column: ColumnModel): string {
  const base = baseType(table, column);
  const wrap = (type: string) => (column.array ? (type.includes(' ') ? `(${type})[]` : `${type}[]`) : type);
  const nullable = table.kind === 'view' || !column.notNull;
  const orNull = (type: string) => (nullable ? `${type} | null` : type);
  const select = orNull(wrap(base.select));
  const write = orNull(wrap(column.array ? base.select : (base.write ?? base.select)));
  const note = TRIGGER_COLUMNS[`${table.schema}.${table.name}.${column.name}`];

  if (table.kind === 'view' || column.generated || column.identity === 'a' || note === 'maintains')
    return `GeneratedAlways<${select}>`;
  // A nullable column is optional on insert already (Kysely makes keys accepting null optional).
  const optional = !nullable && (column.hasDefault || column.identity === 'd' || note === 'fills-when-omitted');
  if (write === select) return optional ? `Generated<${select}>` : select;
  return `ColumnType<${select}, ${optional ? `${write} | undefined` : write}, ${write}>`;
}

/** Words of `text` in lines of at most `width` characters (a longer word gets a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

function docComment(text: string | null, indent: string): string[] {
  if (!text) return [];
  const lines = wrap(text.replace(/\*\//g, '* /'), 100 - indent.length - 4);
  return lines.length === 1
    ? [`${indent}/** ${lines[0]} */`]
    : [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}

function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : quote(name);
}

export function renderTable(table: TableModel): string {
  const lines = [...docComment(table.comment, ''), `export interface ${tableTypeName(table)} {`];
  for (const column of table.columns) {
    lines.push(...docComment(column.comment, '  '), `  ${key(column.name)}: ${columnType(table, column)};`);
  }
  lines.push('}');
  return lines.join('\n');
}

/** The whole generated module: header, every table, and one table map per schema. */
export function renderSchemaTypes(tables: readonly TableModel[]): string {
  const sections: string[] = [
    [
      '// Generated by `npm run db:types` from the database that supabase/bootstrap and',
      '// supabase/migrations make. Do not edit: change the schema with a migration, run',
      '// `npm run db:types` and commit the result (src/lib/db/schema-drift.test.ts fails until then).',
      '// Named unions, row types and the Database map live in schema.ts and auth-schema.ts.',
      '',
      "import type { ColumnType, Generated, GeneratedAlways } from 'kysely';",
      '',
      '/** A json or jsonb column: an object when read; an object or JSON text when written. */',
      'export type JsonObject = Record<string, unknown>;',
    ].join('\n'),
  ];
  for (const { schema, map } of TYPED_SCHEMAS) {
    const inSchema = tables.filter((table) => table.schema === schema);
    for (const table of inSchema) sections.push(renderTable(table));
    const entries = inSchema.map(
      (table) => `  ${key(schema === 'public' ? table.name : `${schema}.${table.name}`)}: ${tableTypeName(table)};`,
    );
    sections.push(
      [
        `/** Every table in the \`${schema}\` schema, as Kysely names it. */`,
        `export interface ${map} {`,
        ...entries,
        '}',
      ].join('\n'),
    );
  }
  return `${sections.join('\n\n')}\n`;
}
