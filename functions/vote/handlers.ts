import type { Kysely } from 'kysely';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { pollTag, VOTE_MESSAGES, voteSchema, type Poll } from '../../src/lib/vote/vote.ts';
import { castVote, resultsOf, voteOf } from '../../src/lib/vote/vote.server.ts';
import { apiError, json } from '../http.ts';

/**
 * The community vote API. GET /api/vote: the signed-in user's own vote (and the results,
 * so the bars are current); POST /api/vote { option }: vote or change the vote. The cached
 * /test-vote page shows the results to everyone; a vote purges it.
 */

export interface VoteContext {
  user: AuthUser | null;
  db: () => Promise<Kysely<Database>>;
  purge: Purge;
}

/** `loadPoll` reads the poll (the roadmap page's), once the caller is known to be signed in. */
export async function handleMyVote(
  _request: Request,
  context: VoteContext,
  loadPoll: () => Promise<Poll>,
): Promise<Response> {
  if (!context.user) return json({ signedIn: false, option: null });
  const poll = await loadPoll();
  const db = await context.db();
  const [option, results] = await Promise.all([voteOf(db, poll, context.user.id), resultsOf(db, poll)]);
  return json({ signedIn: true, option, results: option ? results : null });
}

export async function handleVote(
  request: Request,
  context: VoteContext,
  loadPoll: () => Promise<Poll>,
): Promise<Response> {
  if (!context.user) return apiError(401, 'not_authenticated', VOTE_MESSAGES.signIn);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return apiError(400, 'invalid_json', 'The request body must be JSON.');
  }
  const parsed = voteSchema.safeParse(body);
  if (!parsed.success) return apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'Invalid vote.');
  const poll = await loadPoll();
  if (!poll.options.some((option) => option.id === parsed.data.option))
    return apiError(400, 'unknown_option', VOTE_MESSAGES.unknownOption);
  const db = await context.db();
  await castVote(db, poll, context.user.id, parsed.data.option);
  await context.purge({ tags: [pollTag(poll.id)] });
  return json({
    signedIn: true,
    option: parsed.data.option,
    results: await resultsOf(db, poll),
    message: VOTE_MESSAGES.saved,
  });
}
