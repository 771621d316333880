import { useStore } from '@nanostores/react';
import { map } from 'nanostores';
import { useEffect, useState } from 'react';
import { hasAuthCookie } from '../../lib/auth/cookies.ts';
import { followButtonClass, type FollowState, type FollowTarget } from '../../lib/follows/follows.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { Icon } from '../icons/Icon.tsx';
import { formatCount } from '../../lib/format/numbers.ts';

interface Props {
  target: FollowTarget;
  /** What is followed, for the accessible name ("Follow IGN"). */
  label: string;
  /** Hide the follower count (compact rows). */
  compact?: boolean;
  /** The follower count the page was rendered with, shown until the island has its own. */
  followers?: number;
}

// One state per target, shared by every button on the page: a list of review rows may show
// the same outlet several times, so it is asked for once and every row changes together.
const states = map<Record<string, FollowState | null>>({});
const requested = new Set<string>();

function Button({ target, label, compact = false, followers: rendered }: Props) {
  const query = new URLSearchParams(Object.entries(target).map(([key, value]) => [key, String(value)])).toString();
  const state = useStore(states, { keys: [query] })[query] ?? null;
  const setState = (next: FollowState | null) => states.setKey(query, next);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (requested.has(query)) return;
    requested.add(query);
    fetch(`/api/follows?${query}`)
      .then((response) => (response.ok ? (response.json() as Promise<FollowState>) : null))
      .then((next) => states.setKey(query, next))
      .catch(() => states.setKey(query, null));
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
  const followers = state ? state.followers : (rendered ?? null);
  const count = !compact && followers !== null && (
    <span className="text-sm text-content-muted" data-follower-count>
      {followers === 1 ? '1 follower' : `${formatCount(followers)} followers`}
    </span>
  );
  // Nobody follows themselves: one's own profile shows the count alone.
  if (state?.self)
    return (
      <span className="inline-flex items-center gap-2" data-follow>
        {count}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-2" data-follow>
      <button
        type="button"
        className={followButtonClass(following)}
        aria-pressed={following}
        aria-label={`${following ? 'Following' : 'Follow'} ${label}`}
        disabled={busy || state === null}
        onClick={toggle}
      >
        <Icon name={following ? 'check' : 'plus'} />
        {following ? 'Following' : 'Follow'}
      </button>
      {count}
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
