import { describe, expect, it } from 'vitest';
import { getGuard, GUARD_NAMES, guardsFor, runGuards, type GuardContext, type GuardResolvers } from './guards.ts';
import type { Tier } from './tiers.ts';
import type { AuthUser } from './types.ts';

const user: AuthUser = { id: 'u1', email: 'p@example.com', sessionId: 's1', provider: 'email', userMetadata: {} };

function context(
  path: string,
  options: { user?: AuthUser | null; tier?: Tier; username?: boolean; resolvers?: GuardResolvers } = {},
): GuardContext {
  return {
    url: new URL(path, 'http://site.test'),
    user: options.user === undefined ? user : options.user,
    tier: async () => options.tier ?? 'free',
    hasUsername: async () => options.username ?? true,
    resolvers: options.resolvers ?? {},
  };
}

describe('guard registry', () => {
  it('has the nine names of the spec', () => {
    expect([...GUARD_NAMES].sort()).toEqual([
      'ad-free-only',
      'auth',
      'author-url',
      'check-profile',
      'dashboard-lists-redirect',
      'outlet-access',
      'outlet-owner',
      'premium-only',
      'subscription',
    ]);
    for (const name of GUARD_NAMES) expect(getGuard(name)).toBeTypeOf('function');
  });
  it('throws on an unknown guard name', async () => {
    expect(() => getGuard('admin-only')).toThrow('Unknown route guard: "admin-only"');
    await expect(runGuards(['auth', 'nope'], context('/x'))).rejects.toThrow('Unknown route guard');
  });
});

describe('auth', () => {
  it('sends a visitor to /login with the intended full path', async () => {
    expect(await runGuards(['auth'], context('/settings?tab=email', { user: null }))).toEqual({
      kind: 'redirect',
      location: '/login?redirect=%2Fsettings%3Ftab%3Demail',
    });
  });
  it('lets a signed-in user through', async () => {
    expect(await runGuards(['auth'], context('/settings'))).toEqual({ kind: 'allow' });
  });
});

describe('tier guards', () => {
  it('premium-only', async () => {
    expect((await runGuards(['premium-only'], context('/p', { tier: 'ad_free' }))).kind).toBe('deny');
    expect((await runGuards(['premium-only'], context('/p', { tier: 'premium' }))).kind).toBe('allow');
    expect((await runGuards(['premium-only'], context('/p', { user: null }))).kind).toBe('redirect');
  });
  it('ad-free-only', async () => {
    expect((await runGuards(['ad-free-only'], context('/p', { tier: 'free' }))).kind).toBe('deny');
    expect((await runGuards(['ad-free-only'], context('/p', { tier: 'ad_free' }))).kind).toBe('allow');
    expect((await runGuards(['ad-free-only'], context('/p', { tier: 'premium' }))).kind).toBe('allow');
  });
  it('subscription needs a paid tier', async () => {
    expect((await runGuards(['subscription'], context('/p', { tier: 'free' }))).kind).toBe('deny');
    expect((await runGuards(['subscription'], context('/p', { tier: 'premium' }))).kind).toBe('allow');
  });
});

describe('check-profile', () => {
  it('sends a user without a username to /confirm', async () => {
    expect(await runGuards(['check-profile'], context('/dashboard', { username: false }))).toEqual({
      kind: 'redirect',
      location: '/confirm',
    });
    expect((await runGuards(['check-profile'], context('/dashboard', { username: true }))).kind).toBe('allow');
  });
  it('carries the page the user was going to through /confirm', async () => {
    expect(await runGuards(['check-profile'], context('/settings?tab=email', { username: false }))).toEqual({
      kind: 'redirect',
      location: '/confirm?next=%2Fsettings%3Ftab%3Demail',
    });
  });
});

describe('outlet guards', () => {
  it('deny while no outlet can be owned, allow through the resolver', async () => {
    expect((await runGuards(['outlet-owner'], context('/manage-outlet'))).kind).toBe('deny');
    const resolvers = { isOutletOwner: async (id: string) => id === 'u1' };
    expect((await runGuards(['outlet-owner'], context('/manage-outlet/settings', { resolvers }))).kind).toBe('allow');
    expect((await runGuards(['outlet-access'], context('/manage-outlet/ign', { resolvers }))).kind).toBe('allow');
    expect((await runGuards(['outlet-owner'], context('/manage-outlet', { user: null }))).kind).toBe('redirect');
  });
});

describe('dashboard-lists-redirect', () => {
  it('moves old games-dashboard list URLs to the lists dashboard', async () => {
    expect(await runGuards(['dashboard-lists-redirect'], context('/dashboard/games/list/42'))).toEqual({
      kind: 'redirect',
      location: '/dashboard/lists/42',
      status: 301,
    });
    expect((await runGuards(['dashboard-lists-redirect'], context('/dashboard/games/create-list'))).kind).toBe(
      'redirect',
    );
    expect((await runGuards(['dashboard-lists-redirect'], context('/dashboard/games'))).kind).toBe('allow');
  });
});

describe('author-url', () => {
  const resolvers: GuardResolvers = { findAuthor: async (id) => (id === '7' ? { id: 7, slug: 'jane-doe' } : null) };
  it('is a 404 for an unknown or malformed author, and when no author lookup is registered', async () => {
    expect(await runGuards(['author-url'], context('/authors/8/x', { resolvers }))).toMatchObject({
      kind: 'deny',
      status: 404,
      message: 'Page Not Found: /authors/8/x',
    });
    expect(await runGuards(['author-url'], context('/authors/7/jane-doe'))).toMatchObject({
      kind: 'deny',
      status: 404,
    });
  });
  it('allows the canonical path and redirects a missing or other name to it, keeping the query', async () => {
    expect((await runGuards(['author-url'], context('/authors/7/jane-doe', { resolvers, user: null }))).kind).toBe(
      'allow',
    );
    expect(await runGuards(['author-url'], context('/authors/7/old-name', { resolvers }))).toEqual({
      kind: 'redirect',
      location: '/authors/7/jane-doe',
      status: 301,
    });
    expect(await runGuards(['author-url'], context('/authors/7?page=2', { resolvers }))).toEqual({
      kind: 'redirect',
      location: '/authors/7/jane-doe?page=2',
      status: 301,
    });
  });
});

describe('route guard table', () => {
  it('protects every route that needs a signed-in user', () => {
    for (const path of [
      '/dashboard',
      '/settings',
      '/account/subscription',
      '/games/request/edit/4',
      '/games/request/similar',
      '/games/request/similar/4',
      '/admin/missing-reviews',
      '/profile/edit',
      '/confirm',
    ]) {
      expect(guardsFor(path), path).toEqual(['auth']);
    }
    for (const path of [
      '/manage-outlet',
      '/manage-outlet/authors',
      '/manage-outlet/previews',
      '/manage-outlet/reviews',
      '/manage-outlet/settings',
    ]) {
      expect(guardsFor(path), path).toEqual(['outlet-owner']);
    }
    expect(guardsFor('/manage-outlet/ign')).toEqual(['auth']);
    expect(guardsFor('/dashboard/my-games')).toEqual(['auth', 'check-profile']);
    expect(guardsFor('/dashboard/lists/create')).toEqual(['auth', 'check-profile', 'ad-free-only']);
    expect(guardsFor('/dashboard/lists/edit/7')).toEqual(['auth', 'check-profile', 'ad-free-only']);
    expect(guardsFor('/manage-outlet/ign/authors')).toEqual(['auth']);
    expect(guardsFor('/authors/1/jane')).toEqual(['author-url']);
    expect(guardsFor('/authors/1')).toEqual(['author-url']);
    expect(guardsFor('/dashboard/games/list/3')).toEqual(['dashboard-lists-redirect']);
  });
  it('leaves public pages alone', () => {
    for (const path of [
      '/',
      '/games',
      '/games/halo',
      '/login',
      '/reset-password',
      '/account/update-password',
      '/settingsx',
    ]) {
      expect(guardsFor(path), path).toEqual([]);
    }
  });
});
