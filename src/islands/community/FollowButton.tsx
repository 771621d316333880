import { useEffect, useState } from 'react';
import { hasAuthCookie } from '../../lib/auth/cookies.ts';
import type { FollowState, FollowTarget } from '../../lib/follows/follows.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { formatCount } from '../../lib/format/numbers.ts';

interface Props {
  target: FollowTarget;
  /** What is followed, for the accessible name ("Follow IGN"). */
  label: string;
  /** Hide the follower count (compact rows). */
  compact?: boolean;
}

function Button({ target, label, compact = false }: Props) {
  const [state, setState] = useState<FollowState | null>(null);
  const [busy, setBusy] = useState(false);
  const query = new URLSearchParams(Object.entries(target).map(([key, value]) => [key, String(value)])).toString();

  useEffect(() => {
    fetch(`/api/follows?${query}`)
      .then((response) => (response.ok ? (response.json() as Promise<FollowState>) : null))
      .then(setState)
      .catch(() => setState(null));
  }, [query]);

  async function toggle() {
    if (!hasAuthCookie(document.cookie)) {
      const url = new URL(window.location.href);
      url.searchParams.set('auth', 'signin');
      window.location.assign(url);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch('/api/follows', {
        method: state?.following ? 'DELETE' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(target),
      });
      const body = (await response.json()) as FollowState | { error: { message: string } };
      if ('error' in body) toast.error(body.error.message);
      else setState(body);
    } catch {
      toast.error('An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const following = state?.following ?? false;
  return (
    <span className="inline-flex items-center gap-2" data-follow>
      <button
        type="button"
        className={`btn ${following ? 'btn-secondary' : 'btn-primary'} h-8 py-1 text-sm`}
        aria-pressed={following}
        aria-label={`${following ? 'Unfollow' : 'Follow'} ${label}`}
        disabled={busy || state === null}
        onClick={toggle}
      >
        {following ? 'Following' : 'Follow'}
      </button>
      {!compact && state && (
        <span className="text-sm text-content-muted" data-follower-count>
          {state.followers === 1 ? '1 follower' : `${formatCount(state.followers)} followers`}
        </span>
      )}
    </span>
  );
}

export default function FollowButton(props: Props) {
  return (
    <IslandBoundary name="FollowButton">
      <Button {...props} />
    </IslandBoundary>
  );
}
