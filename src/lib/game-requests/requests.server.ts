import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SIMILARITY_THRESHOLD, type RequestInput, type RequestStatus, type SimilarMatches } from './requests.ts';

export type { SimilarMatches } from './requests.ts';

type Db = Kysely<Database> | Transaction<Database>;

export class RequestError extends Error {
  readonly code: 'already_requested' | 'not_found' | 'not_pending' | 'own_request' | 'unknown_target' | 'slug_taken';
  constructor(code: RequestError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

export interface GameRequestRow {
  id: number;
  title: string;
  platforms: string[];
  releaseDate: string | null;
  developer: string | null;
  publisher: string | null;
  officialUrl: string | null;
  reason: string | null;
  status: RequestStatus;
  resolutionReason: string | null;
  votes: number;
  requester: string | null;
  requesterId: string;
  gameSlug: string | null;
  duplicateOfRequestId: number | null;
  createdAt: Date;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('game_requests as r')
    .leftJoin('profiles as p', 'p.id', 'r.requester_id')
    .leftJoin('games as g', (join) =>
      join.on((eb) => eb('g.id', '=', eb.fn.coalesce('r.game_id', 'r.duplicate_of_game_id'))),
    )
    .select([
      'r.id',
      'r.title',
      'r.platforms',
      'r.release_date',
      'r.developer',
      'r.publisher',
      'r.official_url',
      'r.reason',
      'r.status',
      'r.resolution_reason',
      'r.votes_count',
      'p.username',
      'r.requester_id',
      'g.slug as game_slug',
      'r.duplicate_of_request_id',
      'r.created_at',
    ]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toRow(row: BaseRow): GameRequestRow {
  return {
    id: row.id,
    title: row.title,
    platforms: row.platforms,
    releaseDate: row.release_date,
    developer: row.developer,
    publisher: row.publisher,
    officialUrl: row.official_url,
    reason: row.reason,
    status: row.status,
    resolutionReason: row.resolution_reason,
    votes: row.votes_count,
    requester: row.username,
    requesterId: row.requester_id,
    gameSlug: row.game_slug,
    duplicateOfRequestId: row.duplicate_of_request_id,
    createdAt: row.created_at,
  };
}

export async function getRequest(db: Db, id: number): Promise<GameRequestRow | null> {
  const row = await baseQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function requestsOf(db: Db, userId: string, limit = 100): Promise<GameRequestRow[]> {
  const rows = await baseQuery(db)
    .where('r.requester_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

/** The public list: pending requests, most wanted first. */
export async function pendingRequests(db: Db, limit = 100): Promise<GameRequestRow[]> {
  const rows = await baseQuery(db)
    .where('r.status', '=', 'pending')
    .orderBy('r.votes_count', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

export async function votedBy(db: Db, userId: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('game_request_votes')
    .select('request_id')
    .where('user_id', '=', userId)
    .where('request_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.request_id));
}

export async function createRequest(
  db: Kysely<Database>,
  userId: string,
  input: RequestInput,
): Promise<GameRequestRow> {
  const existing = await db
    .selectFrom('game_requests')
    .select('id')
    .where('requester_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', [eb.fn('btrim', ['title'])]), '=', input.title.toLowerCase()))
    .executeTakeFirst();
  if (existing) throw new RequestError('already_requested', 'You have already requested a game with this title.');
  try {
    const row = await db
      .insertInto('game_requests')
      .values({
        requester_id: userId,
        title: input.title,
        platforms: input.platforms,
        release_date: input.releaseDate,
        developer: input.developer,
        publisher: input.publisher,
        official_url: input.officialUrl,
        reason: input.reason,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await getRequest(db, row.id))!;
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new RequestError('already_requested', 'You have already requested a game with this title.');
    throw error;
  }
}

/** The requester edits their own pending request; anyone else (or a resolved request) is not found. */
export async function updateRequest(
  db: Kysely<Database>,
  userId: string,
  id: number,
  input: RequestInput,
): Promise<GameRequestRow> {
  try {
    const updated = await db
      .updateTable('game_requests')
      .set({
        title: input.title,
        platforms: input.platforms,
        release_date: input.releaseDate,
        developer: input.developer,
        publisher: input.publisher,
        official_url: input.officialUrl,
        reason: input.reason,
      })
      .where('id', '=', id)
      .where('requester_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new RequestError('not_found', 'Request not found.');
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new RequestError('already_requested', 'You have already requested a game with this title.');
    throw error;
  }
  return (await getRequest(db, id))!;
}

/** "I want this too": one vote per user, on someone else's pending request. */
export async function setVote(db: Kysely<Database>, userId: string, id: number, wanted: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('game_requests')
      .select(['status', 'requester_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!request) throw new RequestError('not_found', 'Request not found.');
    if (request.requester_id === userId) throw new RequestError('own_request', 'You asked for this game yourself.');
    if (request.status !== 'pending') throw new RequestError('not_pending', 'This request has already been resolved.');
    if (wanted)
      await trx
        .insertInto('game_request_votes')
        .values({ request_id: id, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    else
      await trx.deleteFrom('game_request_votes').where('request_id', '=', id).where('user_id', '=', userId).execute();
    const row = await trx
      .selectFrom('game_requests')
      .select('votes_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.votes_count;
  });
}

/** Existing games and requests whose titles look like `title` (trigram similarity). */
export async function similarTo(
  db: Db,
  title: string,
  options: { excludeRequestId?: number; limit?: number } = {},
): Promise<SimilarMatches> {
  const needle = title.trim().toLowerCase();
  const limit = options.limit ?? 5;
  const similarity = (column: string) => sql<number>`extensions.similarity(lower(${sql.ref(column)}), ${needle})`;
  const games = await db
    .selectFrom('games')
    .select(['slug', 'title', 'release_date', similarity('title').as('similarity')])
    .where(sql<boolean>`lower(title) operator(extensions.%) ${needle}`)
    .where(similarity('title'), '>=', SIMILARITY_THRESHOLD)
    .orderBy('similarity', 'desc')
    .limit(limit)
    .execute();
  let requests = db
    .selectFrom('game_requests')
    .select(['id', 'title', 'status', similarity('title').as('similarity')])
    .where(similarity('title'), '>=', SIMILARITY_THRESHOLD)
    .where('status', 'in', ['pending', 'approved'])
    .orderBy('similarity', 'desc')
    .limit(limit);
  if (options.excludeRequestId) requests = requests.where('id', '<>', options.excludeRequestId);
  return {
    games: games.map((row) => ({
      slug: row.slug,
      title: row.title,
      releaseDate: row.release_date,
      similarity: Number(row.similarity),
    })),
    requests: (await requests.execute()).map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      similarity: Number(row.similarity),
    })),
  };
}

/** Pending requests that look like an existing game or another request: the admin's to resolve. */
export async function requestsWithLookalikes(db: Db, limit = 50): Promise<(GameRequestRow & SimilarMatches)[]> {
  const pending = await pendingRequests(db, 500);
  const out: (GameRequestRow & SimilarMatches)[] = [];
  for (const request of pending) {
    const matches = await similarTo(db, request.title, { excludeRequestId: request.id, limit: 3 });
    if (matches.games.length || matches.requests.length) out.push({ ...request, ...matches });
    if (out.length >= limit) break;
  }
  return out;
}
