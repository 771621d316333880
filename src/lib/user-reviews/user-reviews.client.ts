import { apiFetch } from '../auth/messages.ts';
import type { Tier } from '../auth/tiers.ts';

/** The signed-in visitor's side of a game's reviews, as GET /api/user-reviews/mine returns it. */
export interface MyReviewState {
  signedIn: boolean;
  userId?: string;
  tier: Tier;
  review: {
    id: string;
    rating: number;
    title: string | null;
    body: string | null;
    spoiler: boolean;
    platformId: number | null;
    hoursPlayed: number | null;
    finished: boolean;
  } | null;
  prefill: { platformId: number | null; hoursPlayed: number | null; finished: boolean } | null;
  votedReviewIds: string[];
}

// One request per game and page view, shared by the composer and every review's buttons.
const states = new Map<number, Promise<MyReviewState>>();

export function myReviewState(gameId: number): Promise<MyReviewState> {
  let state = states.get(gameId);
  if (!state) {
    state = apiFetch<MyReviewState>(`/api/user-reviews/mine?gameId=${gameId}`);
    states.set(gameId, state);
    state.catch(() => states.delete(gameId));
  }
  return state;
}

export function saveReview(reviewId: string | null, payload: Record<string, unknown>) {
  return reviewId
    ? apiFetch<{ review: { id: string } }>(`/api/user-reviews/${reviewId}`, {
        method: 'PATCH',
        body: JSON.stringify(payload),
      })
    : apiFetch<{ review: { id: string } }>('/api/user-reviews', { method: 'POST', body: JSON.stringify(payload) });
}

export function deleteReview(reviewId: string) {
  return fetch(`/api/user-reviews/${reviewId}`, { method: 'DELETE', credentials: 'same-origin' }).then(
    async (response) => {
      if (!response.ok) await apiFetch(`/api/user-reviews/${reviewId}`, { method: 'DELETE' });
    },
  );
}

export function setHelpful(reviewId: string, helpful: boolean) {
  return apiFetch<{ helpfulCount: number; voted: boolean }>(`/api/user-reviews/${reviewId}/helpful`, {
    method: helpful ? 'PUT' : 'DELETE',
  });
}

export function reportReview(reviewId: string, reason: string, details: string) {
  return apiFetch<{ reported: true }>(`/api/user-reviews/${reviewId}/report`, {
    method: 'POST',
    body: JSON.stringify({ reason, details }),
  });
}
