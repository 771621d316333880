import type { PlayState, PlayStatusChange } from './play-status.ts';

/**
 * The browser side of play statuses. Cached pages are the same for everyone, so each
 * control asks for the visitor's own state here; the controls of one page (a grid of game
 * cards) are answered by one request, gathered within the same tick.
 */

let pending: { ids: Set<number>; waiters: ((states: Map<number, PlayState> | null) => void)[] } | null = null;

async function fetchStates(ids: number[]): Promise<Map<number, PlayState> | null> {
  const response = await fetch(`/api/library?ids=${ids.join(',')}`, { headers: { accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(await errorMessage(response));
  const { states } = (await response.json()) as { states: PlayState[] };
  return new Map(states.map((state) => [state.gameId, state]));
}

/** The signed-in user's state on `gameId`; null when signed out. */
export function loadPlayState(gameId: number): Promise<Map<number, PlayState> | null> {
  if (!pending) {
    const batch = { ids: new Set<number>(), waiters: [] as ((states: Map<number, PlayState> | null) => void)[] };
    pending = batch;
    queueMicrotask(() => {
      pending = null;
      fetchStates([...batch.ids].slice(0, 100)).then(
        (states) => batch.waiters.forEach((resolve) => resolve(states)),
        () => batch.waiters.forEach((resolve) => resolve(null)),
      );
    });
  }
  const batch = pending;
  batch.ids.add(gameId);
  return new Promise((resolve) => batch.waiters.push(resolve));
}

export async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    return body.error?.message ?? 'Server error. Please try again later.';
  } catch {
    return 'Server error. Please try again later.';
  }
}

/** Saves a change; throws with the server's message when it refuses. */
export async function savePlayState(gameId: number, change: PlayStatusChange): Promise<PlayState> {
  const response = await fetch(`/api/library/${gameId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(change),
  });
  if (!response.ok) throw new Error(await errorMessage(response));
  return ((await response.json()) as { state: PlayState }).state;
}
