/**
 * The stand-in's reading of an Apicalypse body (api-docs.igdb.com, "Apicalypse"): `fields`
 * (with `*` and dotted expansions), `where` (conditions joined by `&`, with =, !=, >, >=, <, <=
 * and `= (1,2,3)` or `= ("a","b")` for "one of"), `sort`, `limit` (10 unless given, at most 500) and `offset`.
 */

export type IgdbRecord = Record<string, unknown> & { id: number };

interface Condition {
  field: string;
  op: '=' | '!=' | '>' | '>=' | '<' | '<=';
  values: (number | string)[];
}

export interface ParsedQuery {
  fields: string[];
  where: Condition[];
  sort: { field: string; direction: 'asc' | 'desc' } | undefined;
  limit: number;
  offset: number;
}

export class QuerySyntaxError extends Error {}

export function readQuery(body: string): ParsedQuery {
  const query: ParsedQuery = { fields: [], where: [], sort: undefined, limit: 10, offset: 0 };
  for (const statement of body
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(fields|f|where|w|sort|s|limit|l|offset|o)\s+(.+)$/s.exec(statement);
    if (!match) throw new QuerySyntaxError(`unknown statement: ${statement}`);
    const [, keyword = '', rest = ''] = match;
    switch (keyword[0]) {
      case 'f':
        query.fields = rest.split(',').map((field) => field.trim());
        break;
      case 'w':
        query.where = rest.split('&').map(readCondition);
        break;
      case 's': {
        const [field = 'id', direction = 'asc'] = rest.trim().split(/\s+/);
        if (direction !== 'asc' && direction !== 'desc') throw new QuerySyntaxError(`sort ${rest}`);
        query.sort = { field, direction };
        break;
      }
      case 'l':
        query.limit = Number(rest);
        if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 500)
          throw new QuerySyntaxError(`limit ${rest}`);
        break;
      default:
        query.offset = Number(rest);
        if (!Number.isInteger(query.offset) || query.offset < 0) throw new QuerySyntaxError(`offset ${rest}`);
    }
  }
  if (query.fields.length === 0) throw new QuerySyntaxError('no fields');
  return query;
}

function readCondition(text: string): Condition {
  const match =
    /^\(*\s*([a-z_.]+)\s*(!=|>=|<=|=|>|<)\s*(\(?(?:[\d\s]+|"[^"]*")(?:\s*,\s*(?:[\d\s]+|"[^"]*"))*\)?)\s*\)*$/.exec(
      text.trim(),
    );
  if (!match) throw new QuerySyntaxError(`condition: ${text}`);
  const [, field = '', op = '=', raw = ''] = match;
  const values = raw
    .replace(/^\(|\)$/g, '')
    .split(',')
    .map((value) => value.trim())
    .map((value) => (value.startsWith('"') ? value.slice(1, -1) : Number(value)));
  return { field, op: op as Condition['op'], values };
}

function holds(record: IgdbRecord, condition: Condition): boolean {
  const value = record[condition.field];
  if (typeof value === 'string' && (condition.op === '=' || condition.op === '!=')) {
    return condition.values.includes(value) === (condition.op === '=');
  }
  if (typeof value !== 'number') return condition.op === '!=';
  const first = Number(condition.values[0] ?? Number.NaN);
  switch (condition.op) {
    case '=':
      return condition.values.includes(value);
    case '!=':
      return !condition.values.includes(value);
    case '>':
      return value > first;
    case '>=':
      return value >= first;
    case '<':
      return value < first;
    default:
      return value <= first;
  }
}

/** The records the query selects, in its order, before projection. */
export function select(records: Iterable<IgdbRecord>, query: ParsedQuery): IgdbRecord[] {
  const chosen = [...records].filter((record) => query.where.every((condition) => holds(record, condition)));
  const sort = query.sort ?? { field: 'id', direction: 'asc' };
  const sign = sort.direction === 'asc' ? 1 : -1;
  chosen.sort((a, b) => sign * (Number(a[sort.field] ?? 0) - Number(b[sort.field] ?? 0)));
  return chosen.slice(query.offset, query.offset + query.limit);
}

/** Which endpoint a field's ids point into, per endpoint (the expansions the sync asks for). */
export const REFERENCES: Record<string, Record<string, string>> = {
  games: {
    cover: 'covers',
    alternative_names: 'alternative_names',
    external_games: 'external_games',
    involved_companies: 'involved_companies',
    release_dates: 'release_dates',
    platforms: 'platforms',
    genres: 'genres',
    themes: 'themes',
    franchises: 'franchises',
    collections: 'collections',
    game_type: 'game_types',
    parent_game: 'games',
  },
  involved_companies: { company: 'companies', game: 'games' },
  release_dates: { platform: 'platforms', game: 'games' },
  external_games: { game: 'games' },
  alternative_names: { game: 'games' },
  covers: { game: 'games' },
};

export type Lookup = (endpoint: string, id: number) => IgdbRecord | undefined;

/** The record cut to the fields asked for, with dotted fields expanded into the records they name. */
export function project(
  endpoint: string,
  record: IgdbRecord,
  fields: string[],
  lookup: Lookup,
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: record.id };
  const nested = new Map<string, string[]>();
  for (const field of fields) {
    if (field === '*') Object.assign(out, record);
    const [head = '', ...tail] = field.split('.');
    if (tail.length === 0) {
      if (head !== '*' && head in record) out[head] = record[head];
    } else {
      nested.set(head, [...(nested.get(head) ?? []), tail.join('.')]);
    }
  }
  for (const [head, subfields] of nested) {
    const target = REFERENCES[endpoint]?.[head];
    const value = record[head];
    if (!target || value === undefined) continue;
    const expand = (id: unknown) => {
      const related = typeof id === 'number' ? lookup(target, id) : undefined;
      return related ? project(target, related, subfields, lookup) : id;
    };
    out[head] = Array.isArray(value) ? value.map(expand) : expand(value);
  }
  return out;
}
