import { REALTIME_SUBSCRIBE_STATES, type RealtimeChannel } from '@supabase/supabase-js';
import { hasAuthCookie } from '../auth/cookies.ts';
import type { PublicAuthConfig } from '../auth/types.ts';
import { toast } from '../toast/toast.ts';
import type { LevelProgress } from '../xp/xp.ts';
import { NOTIFICATION_EVENT, notificationTopic, type NotificationItem } from './notifications.ts';
import { NOTIFICATION_POLL_MS } from './realtime.ts';
import { formatCount } from '../format/numbers.ts';

/** Other parts of the page (the notifications list) hear new notifications through this event. */
export const NOTIFICATION_DOM_EVENT = 'critical-hit:notification';
export const UNREAD_DOM_EVENT = 'critical-hit:unread';

interface Listing {
  items: NotificationItem[];
  unread: number;
}

/** "Level 3 · 120 XP (40%)" in the account menu, linking to /dashboard/earn-xp. */
function showLevel(level: LevelProgress) {
  const item = document.querySelector<HTMLElement>('[data-header-level]');
  const link = item?.querySelector('a');
  if (!item || !link) return;
  link.textContent = `Level ${level.level} · ${formatCount(level.total)} XP (${Math.round(level.progress * 100)}% to next)`;
  item.hidden = false;
}

function showCount(root: HTMLElement, unread: number) {
  const badge = root.querySelector<HTMLElement>('[data-unread-badge]');
  const label = root.querySelector<HTMLElement>('[data-unread-label]');
  if (badge) {
    badge.textContent = unread > 99 ? '99+' : String(unread);
    badge.hidden = unread === 0;
  }
  if (label) label.textContent = unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
}

/**
 * The header's notification bell: the unread count, then live notifications through
 * supabase-js Realtime on the user's private channel (a toast and the badge), falling back
 * to asking the API every 60 seconds while the socket cannot connect.
 */
export async function initNotificationBell(root: HTMLElement, config: PublicAuthConfig): Promise<void> {
  if (!hasAuthCookie(document.cookie)) return;
  root.hidden = false;
  let unread = 0;
  const refresh = async () => {
    const response = await fetch('/api/notifications', { headers: { accept: 'application/json' } });
    if (response.status === 401) {
      root.hidden = true;
      return false;
    }
    if (response.ok) {
      unread = ((await response.json()) as Listing).unread;
      showCount(root, unread);
    }
    return true;
  };
  // The day's visit (and the account's confirmation) earn XP once; then the count.
  const visit = await fetch('/api/visits', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  if (visit?.ok) showLevel(((await visit.json()) as { level: LevelProgress }).level);
  if (!(await refresh().catch(() => true))) return;
  document.addEventListener(UNREAD_DOM_EVENT, (event) => {
    unread = (event as CustomEvent<number>).detail;
    showCount(root, unread);
  });

  let poll: ReturnType<typeof setInterval> | undefined;
  const startPolling = () => (poll ??= setInterval(() => void refresh().catch(() => undefined), NOTIFICATION_POLL_MS));
  const stopPolling = () => {
    if (poll !== undefined) clearInterval(poll);
    poll = undefined;
  };

  const { getBrowserClient } = await import('../auth/supabase.client.ts');
  const supabase = getBrowserClient(config);
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return void startPolling();
  const channel: RealtimeChannel = supabase.channel(notificationTopic(userId), { config: { private: true } });
  channel
    .on('broadcast', { event: NOTIFICATION_EVENT }, (message) => {
      const item = message.payload as NotificationItem;
      unread += 1;
      showCount(root, unread);
      toast.add({ title: 'New notification', description: item.text });
      document.dispatchEvent(new CustomEvent(NOTIFICATION_DOM_EVENT, { detail: item }));
    })
    .subscribe((status) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
        stopPolling();
        // Anything that arrived while the socket was away.
        void refresh().catch(() => undefined);
      } else startPolling();
    });
  root.dataset.live = 'true';
}
