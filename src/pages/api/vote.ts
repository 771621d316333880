import type { APIRoute } from 'astro';
import { handleMyVote, handleVote } from '../../../functions/vote.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';
import { purge } from '../../lib/http/purge.server.ts';
import { roadmapPoll } from '../../lib/vote/roadmap-poll.server.ts';

export const GET: APIRoute = async ({ request, locals }) =>
  handleMyVote(request, { user: locals.user, db: getDb, poll: await roadmapPoll(), purge });
export const POST: APIRoute = async ({ request, locals }) =>
  handleVote(request, { user: locals.user, db: getDb, poll: await roadmapPoll(), purge });

export const ALL = otherMethods({ GET, POST });
