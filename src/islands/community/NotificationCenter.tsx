import { useEffect, useState } from 'react';
import { NOTIFICATION_DOM_EVENT, UNREAD_DOM_EVENT } from '../../lib/notifications/bell.client.ts';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationKind,
} from '../../lib/notifications/notifications.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { formatUtcTimestamp } from '../../lib/format/dates.ts';

interface Props {
  initial: { items: NotificationItem[]; unread: number };
  preferences: Record<NotificationKind, boolean>;
}

async function send<T>(url: string, method: string, body: unknown): Promise<T | null> {
  try {
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await response.json()) as T | { error: { message: string } };
    if (data && typeof data === 'object' && 'error' in data) {
      toast.error(data.error.message);
      return null;
    }
    return data;
  } catch {
    toast.error('An unexpected error occurred. Please try again.');
    return null;
  }
}

function Center({ initial, preferences: initialPreferences }: Props) {
  const [items, setItems] = useState(initial.items);
  const [unread, setUnread] = useState(initial.unread);
  const [preferences, setPreferences] = useState(initialPreferences);

  useEffect(() => {
    const onNew = (event: Event) => {
      const item = (event as CustomEvent<NotificationItem>).detail;
      setItems((current) => (current.some((existing) => existing.id === item.id) ? current : [item, ...current]));
      setUnread((count) => count + 1);
    };
    document.addEventListener(NOTIFICATION_DOM_EVENT, onNew);
    return () => document.removeEventListener(NOTIFICATION_DOM_EVENT, onNew);
  }, []);

  async function mark(target: { all: true } | { ids: string[] }) {
    const result = await send<{ updated: number; unread: number }>('/api/notifications/read', 'POST', target);
    if (!result) return;
    const ids = 'ids' in target ? new Set(target.ids) : null;
    setItems((current) => current.map((item) => (!ids || ids.has(item.id) ? { ...item, read: true } : item)));
    setUnread(result.unread);
    document.dispatchEvent(new CustomEvent(UNREAD_DOM_EVENT, { detail: result.unread }));
  }

  async function toggle(kind: NotificationKind, enabled: boolean) {
    const result = await send<Record<NotificationKind, boolean>>('/api/notifications/preferences', 'PUT', {
      [kind]: enabled,
    });
    if (result) setPreferences(result);
  }

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
      <section aria-labelledby="inbox-heading" className="card p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="inbox-heading" className="text-lg font-semibold">
            Inbox{' '}
            <span className="text-sm font-normal text-content-muted" data-unread-count>
              ({unread} unread)
            </span>
          </h2>
          <button
            type="button"
            className="btn btn-secondary h-8 py-1 text-sm"
            disabled={unread === 0}
            onClick={() => void mark({ all: true })}
          >
            Mark all read
          </button>
        </div>
        {items.length === 0 ? (
          <p className="mt-4 text-content-muted">
            No notifications. Follow outlets and players, or wishlist games, to hear about them here.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-card-border" data-notifications>
            {items.map((item) => (
              <li
                key={item.id}
                className="flex items-start justify-between gap-3 py-3"
                data-notification={item.kind}
                data-read={item.read}
              >
                <div className="min-w-0">
                  {!item.read && <span className="badge mr-2">New</span>}
                  {item.href ? (
                    <a href={item.href} className="link">
                      {item.text}
                    </a>
                  ) : (
                    <span>{item.text}</span>
                  )}
                  <time className="block text-xs text-content-muted" dateTime={item.createdAt}>
                    {formatUtcTimestamp(item.createdAt)}
                  </time>
                </div>
                {!item.read && (
                  <button
                    type="button"
                    className="btn btn-secondary h-8 shrink-0 py-1 text-sm"
                    aria-label={`Mark read: ${item.text}`}
                    onClick={() => void mark({ ids: [item.id] })}
                  >
                    Mark read
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="prefs-heading" className="card h-fit p-4">
        <h2 id="prefs-heading" className="text-lg font-semibold">
          Tell me when
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind}>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={preferences[kind]}
                  onChange={(event) => void toggle(kind, event.target.checked)}
                />
                <span>{NOTIFICATION_KIND_LABELS[kind]}</span>
              </label>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function NotificationCenter(props: Props) {
  return (
    <IslandBoundary name="NotificationCenter">
      <Center {...props} />
    </IslandBoundary>
  );
}
