import type { Kysely } from 'kysely';
import { isAdmin } from '../admin/admin.server.ts';
import type { Database } from '../db/schema.ts';
import {
  getRequest,
  pendingRequests,
  requestsWithLookalikes,
  similarTo,
  votedBy,
  type GameRequestRow,
  type SimilarMatches,
} from './requests.server.ts';
import { requestVisibleTo, similarQuerySchema } from './requests.ts';

/**
 * The loaders of the /games/request/similar pages, which every signed-in member uses to see
 * what already exists before asking for a game, and where administrators also find the
 * queue of lookalike requests and resolve them.
 */

/** What an administrator sees beside the lookup: requests that look like something, and the whole queue. */
export interface AdminQueue {
  lookalikes: (GameRequestRow & SimilarMatches)[];
  pending: GameRequestRow[];
}

export interface LookupPage {
  admin: boolean;
  /** The title looked up (trimmed), or null when the form is still empty or the title too short. */
  title: string | null;
  /** What was typed, to show back in the field. */
  typed: string;
  matches: SimilarMatches | null;
  queue: AdminQueue | null;
}

/** /games/request/similar?title=: existing games and requests like `title`; the admin queue for administrators. */
export async function requestLookupPage(
  db: Kysely<Database>,
  viewerId: string,
  rawTitle: string | null,
): Promise<LookupPage> {
  const typed = (rawTitle ?? '').slice(0, 200);
  const parsed = similarQuerySchema.safeParse({ title: typed });
  const title = parsed.success ? parsed.data.title : null;
  const [admin, matches] = await Promise.all([
    isAdmin(db, viewerId),
    title ? similarTo(db, title, { limit: 10 }) : Promise.resolve(null),
  ]);
  const queue = admin ? await adminQueue(db) : null;
  return { admin, title, typed, matches, queue };
}

async function adminQueue(db: Kysely<Database>): Promise<AdminQueue> {
  const [lookalikes, pending] = await Promise.all([requestsWithLookalikes(db), pendingRequests(db)]);
  return { lookalikes, pending };
}

export interface RequestDetailPage {
  admin: boolean;
  request: GameRequestRow;
  similar: SimilarMatches;
  /** Has the viewer voted for it ("I want this too")? */
  voted: boolean;
  /** May the viewer vote (someone else's pending request)? */
  canVote: boolean;
  /** May the viewer edit it (their own pending request)? */
  canEdit: boolean;
}

/** /games/request/similar/{id}: one request and what looks like it, or null when the viewer may not see it. */
export async function requestDetailPage(
  db: Kysely<Database>,
  viewerId: string,
  id: number,
): Promise<RequestDetailPage | null> {
  const [request, admin] = await Promise.all([getRequest(db, id), isAdmin(db, viewerId)]);
  if (!request || !requestVisibleTo(request, { id: viewerId, admin })) return null;
  const own = request.requesterId === viewerId;
  const pending = request.status === 'pending';
  const [similar, voted] = await Promise.all([
    similarTo(db, request.title, { excludeRequestId: request.id, limit: 10 }),
    pending && !own ? votedBy(db, viewerId, [request.id]).then((ids) => ids.has(request.id)) : Promise.resolve(false),
  ]);
  return { admin, request, similar, voted, canVote: pending && !own, canEdit: pending && own };
}
