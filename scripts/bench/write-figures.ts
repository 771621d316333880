// The writes `npm run bench` times over HTTP, as the site's islands send them (writes.ts):
// setting a status, reordering the long list, posting a review, a helpful vote, and
// publishing to the outlet every player follows with 1000 followers listening live.
import type { FigureRow } from '../bench-report.ts';
import type { BenchPlan } from './plan.ts';
import { atMost, summarise, type Target } from './stats.ts';
import { measureDelivery, timeWrites, type Client, type WriteResult } from './writes.ts';

function figure(name: string, result: WriteResult, target?: Target, note?: string): FigureRow {
  console.log(
    `   ${name}: p95 ${result.p95.toFixed(1)} ms${result.errors ? ` (${result.errors} refused: ${result.firstError})` : ''}`,
  );
  return {
    name,
    samples: result.count,
    p50: result.count ? result.p50 : null,
    p95: result.count ? result.p95 : null,
    target,
    refused: result.errors,
    note: [note, result.errors ? `${result.errors} refused: ${result.firstError}` : ''].filter(Boolean).join('; '),
  };
}

/**
 * Which of the plan's games and reviews one run of the writes uses: a review is posted once
 * per game and a vote counts once per review, so runs on the same data set (the rounds of a
 * comparison) each take their own `reviews` and `votes` from `offset` on.
 */
export interface WriteSlice {
  offset: number;
  reviews: number;
  votes: number;
}

export const WHOLE_PLAN: WriteSlice = { offset: 0, reviews: 100, votes: 200 };

/** The writes of one player at a time: status, reorder, review and helpful vote. */
export async function timePlayerWrites(
  heavy: Client,
  voter: Client,
  plan: BenchPlan,
  slice: WriteSlice = WHOLE_PLAN,
): Promise<FigureRow[]> {
  const statuses = ['playing', 'played', 'completed', 'backlog', 'shelved', 'abandoned'];
  const { offset } = slice;
  return [
    figure(
      'setting a status (PUT /api/library/{gameId})',
      await timeWrites(200, (i) =>
        heavy.send('PUT', `/api/library/${plan.statusGameIds[i % plan.statusGameIds.length]}`, {
          status: statuses[i % statuses.length],
        }),
      ),
      atMost(15),
    ),
    figure(
      `reordering a ${plan.longList.gameIds.length}-entry list (PUT /api/lists/{id}/order)`,
      await timeWrites(30, (i) =>
        heavy.send('PUT', `/api/lists/${plan.longList.id}/order`, {
          gameIds: i % 2 === 0 ? [...plan.longList.gameIds].reverse() : plan.longList.gameIds,
        }),
      ),
      atMost(100),
    ),
    figure(
      'posting a review (POST /api/user-reviews)',
      await timeWrites(slice.reviews, (i) =>
        voter.send('POST', '/api/user-reviews', {
          gameId: plan.unreviewedGameIds[offset + i],
          rating: 1 + (i % 10),
          title: `Bench review ${i}`,
          body: 'Synthetic benchmark review text.',
          finished: true,
        }),
      ),
      atMost(20),
    ),
    figure(
      'a helpful vote (PUT /api/user-reviews/{id}/helpful)',
      await timeWrites(slice.votes, (i) =>
        voter.send('PUT', `/api/user-reviews/${plan.votableReviewIds[offset + i]}/helpful`),
      ),
      atMost(20),
    ),
  ];
}

/** Publishing to the outlet every player follows, with 1000 followers listening live. */
export async function timePublishing(origin: string, heavy: Client, plan: BenchPlan, password: string) {
  const figures: FigureRow[] = [];
  const sessions: { userId: string; accessToken: string }[] = [];
  for (const email of plan.socketEmails) {
    const response = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { access_token?: string; user?: { id: string } };
    if (body.access_token && body.user) sessions.push({ userId: body.user.id, accessToken: body.access_token });
  }
  const draft = async (i: number) => {
    const response = await heavy.send('POST', '/api/manage-outlet/drafts', {
      outlet: plan.outlet.slug,
      game: plan.outlet.gameSlugs[i],
      kind: 'review',
      rawScore: plan.outlet.rawScore,
      recommended: plan.outlet.rawScore === null ? true : null,
      verdict: 'Synthetic benchmark verdict.',
      headline: `Bench review ${i}`,
      url: `https://example.com/bench-review-${i}`,
    });
    const body = (await response.json()) as { id?: string; message?: string };
    if (!body.id) throw new Error(`draft refused: ${response.status} ${body.message ?? ''}`);
    return body.id;
  };
  const publishes: number[] = [];
  let publishError: string | null = null;
  const publish = async (i: number) => {
    const id = await draft(i);
    const started = performance.now();
    const response = await heavy.send('POST', `/api/manage-outlet/drafts/${id}/publish`, {});
    await response.text();
    if (!response.ok) throw new Error(`publish answered ${response.status}`);
    publishes.push(performance.now() - started);
  };
  try {
    const delivery = await measureDelivery(origin, sessions, () => publish(0));
    figures.push({
      name: `live delivery of the new review to ${delivery.sockets} open realtime sockets`,
      samples: delivery.delivered,
      p50: delivery.delivered ? delivery.p50 : null,
      p95: delivery.delivered ? delivery.p95 : null,
      note: `${delivery.delivered} of ${delivery.sockets} sockets notified within 15 s (from the publish request)`,
    });
    for (let i = 1; i < 3; i += 1) await publish(i);
  } catch (error) {
    publishError = (error as Error).message;
  }
  const publishSummary = summarise(publishes);
  figures.push({
    name: `publishing a review to the outlet with ${plan.outlet.followers.toLocaleString('en-US')} followers`,
    samples: publishSummary.count,
    p50: publishSummary.count ? publishSummary.p50 : null,
    p95: publishSummary.count ? publishSummary.p95 : null,
    target: atMost(2, 's'),
    note: publishError
      ? `failed: ${publishError}`
      : 'time to complete: the publish request (followers are told on read, those listening at once: see the delivery row)',
  });
  return figures;
}
