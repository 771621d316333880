/**
 * Apicalypse bodies for IGDB's v4 endpoints (api-docs.igdb.com, "Apicalypse"): statements
 * `fields a,b.c;`, `where …;`, `sort id asc;`, `limit n;` separated by semicolons. A full read
 * of an endpoint pages by id ranges (`where id > n; sort id asc; limit 500;`) rather than by
 * offset: each page is as cheap as the first, and the last id seen is the cursor to resume from.
 */

/** The endpoints the sync reads. */
export const IGDB_ENDPOINTS = [
  'games',
  'alternative_names',
  'covers',
  'external_games',
  'involved_companies',
  'companies',
  'platforms',
  'genres',
  'themes',
  'release_dates',
  'franchises',
  'collections',
  'game_types',
] as const;
export type IgdbEndpoint = (typeof IGDB_ENDPOINTS)[number];

/** IGDB answers at most 500 records a query. */
export const IGDB_MAX_LIMIT = 500;

const FIELD = /^(\*|[a-z_]+(\.[a-z_*]+)*)$/;

export interface PageQuery {
  fields: readonly string[];
  /** Only records with an id above this (0 for the first page). */
  afterId: number;
  /** A further condition, e.g. `updated_at > 1700000000` (trusted: built by the sync, never from input). */
  where?: string;
  limit?: number;
}

/** The body asking for the next page of an endpoint, in id order. */
export function pageQuery({ fields, afterId, where, limit = IGDB_MAX_LIMIT }: PageQuery): string {
  if (fields.length === 0 || !fields.every((field) => FIELD.test(field))) {
    throw new Error(`not IGDB field names: ${fields.join(',')}`);
  }
  if (!Number.isSafeInteger(afterId) || afterId < 0) throw new Error(`not an IGDB id: ${afterId}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > IGDB_MAX_LIMIT) throw new Error(`limit out of range: ${limit}`);
  const condition = where ? `id > ${afterId} & (${where})` : `id > ${afterId}`;
  return `fields ${fields.join(',')}; where ${condition}; sort id asc; limit ${limit};`;
}

/** The body asking for the records with these ids (at most 500). */
export function idsQuery(fields: readonly string[], ids: readonly number[]): string {
  if (ids.length === 0 || ids.length > IGDB_MAX_LIMIT) throw new Error(`between 1 and 500 ids, not ${ids.length}`);
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new Error('not IGDB ids');
  return pageQuery({ fields, afterId: 0, where: `id = (${ids.join(',')})`, limit: IGDB_MAX_LIMIT });
}

/** Store ids as IGDB keeps them (Steam app ids, GOG ids, Epic slugs): safe inside quotes. */
const UID = /^[A-Za-z0-9_.:-]{1,200}$/;

/** The body asking which IGDB games hold these store ids (external_games by uid, at most 500). */
export function uidsQuery(uids: readonly string[]): string {
  if (uids.length === 0 || uids.length > IGDB_MAX_LIMIT) throw new Error(`between 1 and 500 uids, not ${uids.length}`);
  if (!uids.every((uid) => UID.test(uid))) throw new Error('not store ids');
  const list = uids.map((uid) => `"${uid}"`).join(',');
  return `fields game,uid,category,external_game_source; where uid = (${list}); limit ${IGDB_MAX_LIMIT};`;
}
