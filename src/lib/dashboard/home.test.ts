import { describe, expect, it } from 'vitest';
import {
  describeFriendActivity,
  encodeCursor,
  feedCursorSchema,
  feedPage,
  recentLabel,
  xpToday,
  type FriendActivity,
} from './home.ts';

const item = (change: Partial<FriendActivity>): FriendActivity => ({
  id: '1',
  kind: 'game_status_set',
  createdAt: '2026-11-01T10:00:00.000Z',
  actor: { username: 'ana', avatarUrl: null },
  game: { slug: 'portal-2', title: 'Portal 2' },
  list: null,
  status: 'completed',
  rating: null,
  ...change,
});

describe('the dashboard home in words', () => {
  it('says what a followed player did, in the site’s own status names, with the link to it', () => {
    expect(describeFriendActivity(item({}))).toEqual({
      before: 'completed',
      link: { label: 'Portal 2', href: '/games/portal-2' },
      after: '',
    });
    expect(describeFriendActivity(item({ status: 'backlog' })).before).toBe('wants to play');
    expect(describeFriendActivity(item({ status: 'shelved' })).before).toBe('paused');
    expect(describeFriendActivity(item({ kind: 'review_published', status: null, rating: 7 }))).toEqual({
      before: 'reviewed',
      link: { label: 'Portal 2', href: '/games/portal-2/user-reviews' },
      after: '(3.5/5)',
    });
    const list = { title: 'Cosy games', href: '/ana/lists/cosy-games' };
    expect(describeFriendActivity(item({ kind: 'list_created', game: null, list }))).toEqual({
      before: 'made the list',
      link: { label: 'Cosy games', href: '/ana/lists/cosy-games' },
      after: '',
    });
    expect(describeFriendActivity(item({ kind: 'list_liked', game: null, list })).before).toBe('liked the list');
  });

  it('labels library lines: finished games as finished, others by their shelf', () => {
    expect(recentLabel('completed')).toBe('Finished · Completed');
    expect(recentLabel('played')).toBe('Finished · Played');
    expect(recentLabel('backlog')).toBe('Want to play');
  });

  it('counts today’s XP within the cap', () => {
    expect(xpToday(0)).toEqual({ today: 0, cap: 200 });
    expect(xpToday(250)).toEqual({ today: 200, cap: 200 });
    expect(xpToday(-5).today).toBe(0);
  });

  it('pages rows fetched one past the page: the cursor of the last row shown, only when more follow', () => {
    const rows = [1, 2, 3].map((n) => ({ n, cursor: { micros: String(1000 - n), id: String(n) } }));
    expect(feedPage(rows, 2)).toEqual({ rows: rows.slice(0, 2), next: '998-2' });
    expect(feedPage(rows, 3)).toEqual({ rows, next: null });
    expect(feedPage([], 3)).toEqual({ rows: [], next: null });
    expect(feedCursorSchema.parse(encodeCursor({ micros: '998', id: '2' }))).toEqual({ micros: '998', id: '2' });
  });
});
