import { useEffect, useRef, useState } from 'react';
import { loadPlayState, savePlayState } from '../../lib/library/play-status.client.ts';
import {
  applyPlayChange,
  emptyPlayState,
  PLAY_STATUS_LABELS,
  PLAY_STATUSES,
  type PlayState,
  type PlayStatus,
  type PlayStatusChange,
} from '../../lib/library/play-status.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  gameId: number;
  slug: string;
  title: string;
  /** `full` on the game page (every status a button), `compact` on game cards (one menu). */
  variant?: 'full' | 'compact';
}

/**
 * The visitor's own status on a game. The page around it is cached and the same for
 * everyone; this island asks for the signed-in user's state, shows a change at once and
 * puts the old state back, with the red Error toast, when the server refuses it.
 */
function Control({ gameId, slug, title, variant = 'full' }: Props) {
  const [state, setState] = useState<PlayState | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const saved = useRef<PlayState>(emptyPlayState(gameId));

  useEffect(() => {
    let live = true;
    void loadPlayState(gameId).then((states) => {
      if (!live) return;
      if (!states) return setSignedOut(true);
      const loaded = states.get(gameId) ?? emptyPlayState(gameId);
      saved.current = loaded;
      setState(loaded);
    });
    return () => {
      live = false;
    };
  }, [gameId]);

  async function change(update: PlayStatusChange) {
    const before = saved.current;
    const optimistic = applyPlayChange(state ?? before, update);
    setState(optimistic);
    try {
      const confirmed = await savePlayState(gameId, update);
      saved.current = confirmed;
      setState(confirmed);
    } catch (error) {
      setState(before);
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }

  if (signedOut) {
    return (
      <a
        href={`/add-game/${slug}`}
        className={variant === 'compact' ? 'relative z-10 text-xs font-semibold' : 'btn btn-secondary'}
      >
        Track this game
      </a>
    );
  }
  if (!state)
    return (
      <p className="text-xs text-content-muted" aria-live="polite">
        Loading your status…
      </p>
    );

  if (variant === 'compact') {
    return (
      <label className="relative z-10 flex items-center gap-1 text-xs">
        <span className="sr-only">Your status for {title}</span>
        <select
          className="field py-1 text-xs"
          value={state.status ?? ''}
          onChange={(event) => void change({ status: (event.target.value || null) as PlayStatus | null })}
        >
          <option value="">No status</option>
          {PLAY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PLAY_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
    );
  }

  return (
    <section aria-label={`Your status for ${title}`} className="flex flex-col gap-3">
      <div role="group" aria-label="Play status" className="flex flex-wrap gap-2">
        {PLAY_STATUSES.map((status) => {
          const on = state.status === status;
          return (
            <button
              key={status}
              type="button"
              aria-pressed={on}
              className={on ? 'btn btn-primary' : 'btn btn-secondary'}
              onClick={() => void change({ status: on ? null : status })}
            >
              {PLAY_STATUS_LABELS[status]}
            </button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={state.wishlist}
          className={state.wishlist ? 'btn btn-primary' : 'btn btn-secondary'}
          onClick={() => void change({ wishlist: !state.wishlist })}
        >
          {state.wishlist ? '★ On your wishlist' : '☆ Wishlist'}
        </button>
        <button
          type="button"
          aria-pressed={state.favourite}
          className={state.favourite ? 'btn btn-primary' : 'btn btn-secondary'}
          onClick={() => void change({ favourite: !state.favourite })}
        >
          {state.favourite ? '♥ Favourite' : '♡ Favourite'}
        </button>
        <a href={`/add-game/${slug}`} className="text-sm">
          Platform, hours, dates, note and lists…
        </a>
      </div>
    </section>
  );
}

export default function PlayStatusControl(props: Props) {
  return (
    <IslandBoundary name="PlayStatusControl">
      <Control {...props} />
    </IslandBoundary>
  );
}
