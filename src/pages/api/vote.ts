import { handleMyVote, handleVote } from '../../../functions/vote/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { roadmapPoll } from '../../lib/vote/roadmap-poll.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleMyVote(api.request, api, roadmapPoll));
export const POST = apiRoute((api) => handleVote(api.request, api, roadmapPoll));

export const ALL = otherMethods({ GET, POST });
