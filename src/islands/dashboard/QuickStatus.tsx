import { useState } from 'react';
import { QUICK_STATUSES } from '../../lib/dashboard/home.ts';
import { savePlayState } from '../../lib/library/play-status.client.ts';
import { PLAY_STATUS_LABELS, type PlayStatus } from '../../lib/library/play-status.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  gameId: number;
  title: string;
}

/**
 * One click moves a game the player is playing to another status, through the library API
 * (PUT /api/library/{id}); an Undo puts it back to Playing. A refusal puts the old status
 * back with the red Error toast.
 */
function Buttons({ gameId, title }: Props) {
  const [status, setStatus] = useState<PlayStatus>('playing');
  const [busy, setBusy] = useState(false);

  async function change(next: PlayStatus) {
    const before = status;
    setStatus(next);
    setBusy(true);
    try {
      const saved = await savePlayState(gameId, { status: next });
      setStatus(saved.status ?? next);
    } catch (error) {
      setStatus(before);
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2">
      {status === 'playing' ? (
        <div role="group" aria-label={`Move ${title} to`} className="flex flex-wrap gap-1.5">
          {QUICK_STATUSES.map((next) => (
            <button
              key={next}
              type="button"
              disabled={busy}
              className="rounded-md border border-card-border bg-surface px-2.5 py-1 text-xs font-semibold text-content hover:bg-badge disabled:opacity-60"
              onClick={() => void change(next)}
            >
              {PLAY_STATUS_LABELS[next]}
            </button>
          ))}
        </div>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>Moved to {PLAY_STATUS_LABELS[status]}.</span>
          <button
            type="button"
            disabled={busy}
            className="link text-sm font-semibold"
            onClick={() => void change('playing')}
          >
            Undo<span className="sr-only">: {title} back to Playing</span>
          </button>
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {status === 'playing' ? '' : `${title} moved to ${PLAY_STATUS_LABELS[status]}.`}
      </p>
    </div>
  );
}

export default function QuickStatus(props: Props) {
  return (
    <IslandBoundary name="QuickStatus">
      <Buttons {...props} />
    </IslandBoundary>
  );
}
