import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '../toast/toast.ts';
import {
  $authLoading,
  $authModal,
  $authProfile,
  $authReady,
  $authUser,
  $tier,
  bindAuthClient,
  checkSession,
  handleAuthEvent,
  logout,
  openAuthModal,
  recheckAuth,
  resetAuthStore,
} from './store.client.ts';

const session = (id = 'u1') =>
  ({ user: { id, email: `${id}@example.com` }, access_token: 'a', refresh_token: 'r' }) as unknown as Session;
const me = {
  user: { id: 'u1', email: 'u1@example.com', provider: 'email' },
  profile: { id: 'u1', username: 'player' },
  tier: 'premium',
};

function fakeClient(options: { session?: Session | null; signOut?: () => Promise<unknown> } = {}) {
  let listener: ((event: string, session: Session | null) => void) | undefined;
  const client = {
    auth: {
      getSession: vi.fn(async () => ({ data: { session: options.session ?? null }, error: null })),
      signOut: vi.fn(options.signOut ?? (async () => ({ error: null }))),
      onAuthStateChange: vi.fn((callback: typeof listener) => {
        listener = callback;
        return { data: { subscription: { unsubscribe: vi.fn() } } };
      }),
    },
  };
  return {
    client: client as unknown as SupabaseClient,
    auth: client.auth,
    emit: (event: string, s: Session | null) => listener?.(event, s),
  };
}

beforeEach(() => {
  resetAuthStore();
  $toasts.set([]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(me), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('auth store', () => {
  it('starts signed out, with no tier known, not ready', () => {
    expect($authUser.get()).toBeNull();
    expect($tier.get()).toBeNull();
    expect($authReady.get()).toBe(false);
  });

  it('the first session check sets the user, profile and tier, and the ready flag; loading while it runs', async () => {
    const { client } = fakeClient({ session: session() });
    const loading: boolean[] = [];
    const stop = $authLoading.listen((value) => loading.push(value));
    await bindAuthClient(client);
    stop();
    expect(loading).toEqual([true, false]);
    expect($authReady.get()).toBe(true);
    expect($authUser.get()).toEqual({ id: 'u1', email: 'u1@example.com' });
    expect($authProfile.get()?.username).toBe('player');
    expect($tier.get()).toBe('premium');
  });

  it('a failed session check is only logged', async () => {
    const { client, auth } = fakeClient();
    auth.getSession.mockRejectedValueOnce(new Error('offline'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await bindAuthClient(client);
    expect(log).toHaveBeenCalledWith('[auth] session check failed', expect.any(Error));
    expect($toasts.get()).toEqual([]);
    expect($authReady.get()).toBe(true);
    expect($authLoading.get()).toBe(false);
  });

  it('signed-in and token-refreshed events set the user; signed-out and user-deleted clear it', () => {
    handleAuthEvent('SIGNED_IN', session('a'));
    expect($authUser.get()?.id).toBe('a');
    handleAuthEvent('TOKEN_REFRESHED', session('b'));
    expect($authUser.get()?.id).toBe('b');
    $authProfile.set({ id: 'b' } as never);
    handleAuthEvent('SIGNED_OUT', null);
    expect($authUser.get()).toBeNull();
    expect($authProfile.get()).toBeNull();
    handleAuthEvent('SIGNED_IN', session('c'));
    handleAuthEvent('USER_DELETED', null);
    expect($authUser.get()).toBeNull();
    expect($tier.get()).toBeNull();
  });

  it('a signed-in event closes the modal with "Signed in successfully!"', () => {
    openAuthModal('login');
    handleAuthEvent('SIGNED_IN', session());
    expect($authModal.get().open).toBe(false);
    expect($toasts.get().map((t) => [t.title, t.color])).toEqual([['Signed in successfully!', 'green']]);
  });

  it('restoring a session on page load (modal closed) shows no toast', () => {
    handleAuthEvent('SIGNED_IN', session());
    handleAuthEvent('INITIAL_SESSION', session());
    expect($toasts.get()).toEqual([]);
  });

  it('logout clears user and profile, then goes to /; its errors are only logged', async () => {
    const { client } = fakeClient({ session: session(), signOut: async () => Promise.reject(new Error('network')) });
    await bindAuthClient(client);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    const loading: boolean[] = [];
    const stop = $authLoading.listen((value) => loading.push(value));
    await logout(navigate);
    stop();
    expect(loading).toEqual([true, false]);
    expect($authUser.get()).toBeNull();
    expect($authProfile.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(log).toHaveBeenCalledWith('[auth] logout failed', expect.any(Error));
    expect($toasts.get()).toEqual([]);
  });

  it('recheckAuth runs the session check again once a client is bound', async () => {
    await recheckAuth(); // nothing bound: no-op
    const { client, auth } = fakeClient({ session: session() });
    await bindAuthClient(client);
    await recheckAuth();
    expect(auth.getSession).toHaveBeenCalledTimes(2);
    await checkSession();
    expect(auth.getSession).toHaveBeenCalledTimes(3);
  });
});
