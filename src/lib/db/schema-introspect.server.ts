import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { TYPED_SCHEMAS, type ColumnModel, type TableModel } from './schema-render.ts';

/**
 * Reads every table (and view) of the typed schemas from pg_catalog: columns in order with
 * their type, nullability, default, identity and generation, the values an enum or a
 * single-column check constraint allows, and the comments the migrations wrote.
 */

interface ColumnRow {
  schema: string;
  table: string;
  relkind: string;
  table_comment: string | null;
  column: string;
  type: string;
  element_type: string | null;
  enum_values: string[] | null;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
  comment: string | null;
}

interface CheckRow {
  schema: string;
  table: string;
  column: string;
  definition: string;
}

const LITERAL = /'((?:[^']|'')*)'::[a-z]+(?: [a-z]+)*/g;
// The shapes pg_get_constraintdef prints for `col in ('a', 'b')`, `col = 'a'` and
// `col <@ array['a', 'b']`, once the literals are replaced by L and parentheses and
// casts (a varchar column is compared as `(col)::text`) are dropped.
const VALUE_LIST = /^"?([A-Za-z_][A-Za-z0-9_]*)"? (?:= ANY ARRAY\[L(?:, L)*\]|<@ ARRAY\[L(?:, L)*\]|= L)$/;

/** The values a one-column check constraint allows, or null when it is some other rule. */
export function allowedValues(definition: string): { column: string; values: string[] } | null {
  const body = definition.replace(/^CHECK /, '');
  const skeleton = body
    .replace(LITERAL, 'L')
    .replace(/::[a-z]+(?: [a-z]+)*(?:\[\])?/g, '')
    .replace(/[()]/g, '');
  const match = VALUE_LIST.exec(skeleton);
  if (!match) return null;
  return { column: match[1]!, values: [...body.matchAll(LITERAL)].map((literal) => literal[1]!.replace(/''/g, "'")) };
}

export async function introspectSchema(db: Kysely<Database>): Promise<TableModel[]> {
  const schemas = TYPED_SCHEMAS.map((entry) => entry.schema);
  const columns = await sql<ColumnRow>`
    select n.nspname as schema, c.relname as table, c.relkind::text as relkind,
      obj_description(c.oid, 'pg_class') as table_comment,
      a.attname as column, t.typname as type,
      case when t.typcategory = 'A' then et.typname end as element_type,
      (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e
        where e.enumtypid = case when t.typcategory = 'A' then et.oid else t.oid end) as enum_values,
      a.attnotnull as not_null, a.atthasdef as has_default,
      a.attidentity::text as identity, a.attgenerated::text as generated,
      col_description(c.oid, a.attnum) as comment
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_type et on et.oid = t.typelem
    where n.nspname = any (${schemas}::text[]) and c.relkind in ('r', 'p', 'v', 'm')
    order by c.relname collate "C", a.attnum
  `.execute(db);
  const checks = await sql<CheckRow>`
    select n.nspname as schema, c.relname as table, a.attname as column, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
    where k.contype = 'c' and cardinality(k.conkey) = 1 and n.nspname = any (${schemas}::text[])
    order by k.conname collate "C"
  `.execute(db);

  const allowed = new Map<string, string[]>();
  for (const check of checks.rows) {
    const parsed = allowedValues(check.definition);
    if (!parsed || parsed.column !== check.column) continue;
    const key = `${check.schema}.${check.table}.${check.column}`;
    const earlier = allowed.get(key);
    // Two lists on one column: only values both allow can be stored.
    allowed.set(key, earlier ? earlier.filter((value) => parsed.values.includes(value)) : parsed.values);
  }

  const tables = new Map<string, TableModel>();
  for (const row of columns.rows) {
    const id = `${row.schema}.${row.table}`;
    let table = tables.get(id);
    if (!table) {
      table = {
        schema: row.schema,
        name: row.table,
        kind: row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table',
        comment: row.table_comment,
        columns: [],
      };
      tables.set(id, table);
    }
    const column: ColumnModel = {
      name: row.column,
      type: row.element_type ?? row.type,
      array: row.element_type !== null,
      enumValues: row.enum_values,
      checkValues: allowed.get(`${id}.${row.column}`) ?? null,
      notNull: row.not_null,
      hasDefault: row.has_default,
      identity: row.identity === 'a' || row.identity === 'd' ? row.identity : '',
      generated: row.generated === 's',
      comment: row.comment,
    };
    table.columns.push(column);
  }
  return [...tables.values()];
}
