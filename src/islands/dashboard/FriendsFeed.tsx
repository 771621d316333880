import { useState, type MouseEvent } from 'react';
import { describeFriendActivity, type FriendActivity, type FriendFeedPage } from '../../lib/dashboard/home.ts';
import { formatMediumDate } from '../../lib/format/dates.ts';
import { errorMessage } from '../../lib/library/play-status.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  initial: FriendFeedPage;
}

function Line({ item }: { item: FriendActivity }) {
  const line = describeFriendActivity(item);
  const profile = `/${encodeURIComponent(item.actor.username)}`;
  return (
    <li className="flex items-start gap-3 py-2.5" data-friend-activity={item.kind}>
      {item.actor.avatarUrl ? (
        <img
          src={item.actor.avatarUrl}
          alt=""
          width={32}
          height={32}
          className="size-8 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="reviewer-initial shrink-0 font-semibold">
          {item.actor.username.charAt(0).toUpperCase()}
        </span>
      )}
      <p className="min-w-0 flex-1 text-sm wrap-anywhere">
        <a href={profile} className="font-semibold text-content no-underline hover:underline">
          @{item.actor.username}
        </a>{' '}
        {line.before}{' '}
        {line.link ? (
          <a href={line.link.href} className="link">
            {line.link.label}
          </a>
        ) : (
          <span>a list no longer shown</span>
        )}
        {line.after && ` ${line.after}`}
        <time dateTime={item.createdAt} className="block text-xs text-content-muted">
          {formatMediumDate(new Date(item.createdAt))}
        </time>
      </p>
    </li>
  );
}

/**
 * The friends feed: its first page comes rendered with the dashboard; older pages come from
 * /api/dashboard/feed by the cursor of the last line. Without JavaScript the link opens the
 * dashboard at that cursor instead.
 */
function Feed({ initial }: Props) {
  const [items, setItems] = useState(initial.items);
  const [next, setNext] = useState(initial.next);
  const [busy, setBusy] = useState(false);

  async function more(event: MouseEvent<HTMLAnchorElement>) {
    if (!next) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(`/api/dashboard/feed?before=${encodeURIComponent(next)}`, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(await errorMessage(response));
      const page = (await response.json()) as FriendFeedPage;
      setItems((shown) => [...shown, ...page.items]);
      setNext(page.next);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ol className="mt-2 divide-y divide-card-border" data-friends-feed>
        {items.map((item) => (
          <Line key={item.id} item={item} />
        ))}
      </ol>
      {next && (
        <p className="mt-3">
          <a
            href={`/dashboard?before=${encodeURIComponent(next)}#friends-heading`}
            className="btn btn-secondary"
            aria-disabled={busy || undefined}
            onClick={(event) => void more(event)}
          >
            {busy ? 'Loading…' : 'Show older activity'}
          </a>
        </p>
      )}
    </>
  );
}

export default function FriendsFeed(props: Props) {
  return (
    <IslandBoundary name="FriendsFeed">
      <Feed {...props} />
    </IslandBoundary>
  );
}
