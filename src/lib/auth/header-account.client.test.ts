// @vitest-environment happy-dom
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { initHeaderAccount, type AuthApi } from './header-account.client.ts';
import type { BrowserUser } from './store.client.ts';
import type { Tier } from './tiers.ts';
import type { Profile, PublicAuthConfig } from './types.ts';

const MARKUP = `
  <div data-header-account data-auth-url="" data-auth-key="sb_publishable_local" data-google-client-id="google-id">
    <button type="button" data-auth-signin>Sign in</button>
    <div data-auth-menu hidden>
      <button type="button" data-auth-menu-button aria-expanded="false">
        <span data-auth-name>Account</span>
      </button>
      <ul data-auth-menu-list hidden>
        <li><a href="/account/subscription" data-membership>Membership<span data-auth-tier></span></a></li>
        <li><button type="button" data-auth-signout>Sign out</button></li>
      </ul>
    </div>
  </div>
  <button type="button" data-open-auth="register">Create an account</button>`;

function fakeAuth() {
  return {
    openAuthModal: vi.fn(),
    logout: vi.fn(async () => {}),
    $authUser: atom<BrowserUser | null>(null),
    $authProfile: atom<Profile | null>(null),
    $authReady: atom(false),
    $tier: atom<Tier | null>(null),
  } satisfies AuthApi;
}

const el = <T extends Element>(selector: string) => document.querySelector<T & HTMLElement>(selector)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the header account control', () => {
  let auth: ReturnType<typeof fakeAuth>;
  let loadAuth: Mock<(config: PublicAuthConfig) => Promise<AuthApi>>;

  beforeEach(() => {
    document.body.innerHTML = MARKUP;
    auth = fakeAuth();
    loadAuth = vi.fn(async () => auth);
  });
  afterEach(() => {
    document.cookie = 'sb-localhost-auth-token=; max-age=0';
  });

  it('shows "Sign in" to a visitor and loads nothing until it is used', async () => {
    initHeaderAccount(el('[data-header-account]'), loadAuth);
    expect(el('[data-auth-signin]').hidden).toBe(false);
    expect(el('[data-auth-menu]').hidden).toBe(true);
    expect(loadAuth).not.toHaveBeenCalled();

    el<HTMLButtonElement>('[data-auth-signin]').click();
    await settle();
    expect(loadAuth).toHaveBeenCalledWith({ url: '', anonKey: 'sb_publishable_local', googleClientId: 'google-id' });
    expect(auth.openAuthModal).toHaveBeenCalledWith('login');

    el<HTMLButtonElement>('[data-open-auth]').click();
    await settle();
    expect(auth.openAuthModal).toHaveBeenLastCalledWith('register');
    expect(loadAuth).toHaveBeenCalledTimes(1);
  });

  it('loads the island at once for a session cookie, then follows the real session', async () => {
    document.cookie = 'sb-localhost-auth-token=base64-abc';
    initHeaderAccount(el('[data-header-account]'), loadAuth);
    expect(el('[data-auth-menu]').hidden).toBe(false);
    await settle();
    expect(loadAuth).toHaveBeenCalledTimes(1);

    auth.$authUser.set({ id: 'u1', email: 'ada@example.test' });
    auth.$authProfile.set({
      id: 'u1',
      username: 'ada',
      full_name: 'Ada',
      bio: null,
      email: null,
      avatar_url: null,
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(el('[data-auth-name]').textContent).toBe('ada');

    // The session turned out to be gone: back to "Sign in".
    auth.$authUser.set(null);
    auth.$authReady.set(true);
    expect(el('[data-auth-signin]').hidden).toBe(false);
    expect(el('[data-auth-menu]').hidden).toBe(true);
  });

  it('names no plan in the membership entry until the plan is known', async () => {
    document.cookie = 'sb-localhost-auth-token=base64-abc';
    initHeaderAccount(el('[data-header-account]'), loadAuth);
    await settle();
    expect(el('[data-membership]').textContent).toBe('Membership');
    auth.$tier.set('premium');
    expect(el('[data-membership]').textContent).toBe('Membership: Premium');
    auth.$tier.set(null);
    expect(el('[data-membership]').textContent).toBe('Membership');
  });

  it('opens and closes the account menu, and signs out', async () => {
    document.cookie = 'sb-localhost-auth-token=base64-abc';
    initHeaderAccount(el('[data-header-account]'), loadAuth);
    const toggle = el<HTMLButtonElement>('[data-auth-menu-button]');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(el('[data-auth-menu-list]').hidden).toBe(false);
    el('[data-auth-menu]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(el('[data-auth-menu-list]').hidden).toBe(true);

    el<HTMLButtonElement>('[data-auth-signout]').click();
    await settle();
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });
});
