import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { atom } from 'nanostores';
import { toast } from '../toast/toast.ts';
import type { Tier } from './tiers.ts';
import type { MeResponse, Profile } from './types.ts';
import { MESSAGES } from './validation.ts';

/**
 * The browser's auth state (user, profile, tier, the auth modal), as nanostores any island can read. The
 * supabase client is bound at run time (bindAuthClient), so importing the stores costs
 * nothing until someone signs in or a session cookie exists.
 */

export interface BrowserUser {
  id: string;
  email: string | null;
}

export type AuthModalMode = 'login' | 'register' | 'forgot-password';

export const $authUser = atom<BrowserUser | null>(null);
export const $authProfile = atom<Profile | null>(null);
/** True after the first session check. */
export const $authReady = atom(false);
/** True during logout and during the session check. */
export const $authLoading = atom(false);
/** The signed-in user's subscription tier; null until it is known (and when signed out). */
export const $tier = atom<Tier | null>(null);
export const $authModal = atom<{ open: boolean; mode: AuthModalMode }>({ open: false, mode: 'login' });

export function openAuthModal(mode: AuthModalMode = 'login'): void {
  $authModal.set({ open: true, mode });
}

export function closeAuthModal(): void {
  $authModal.set({ ...$authModal.get(), open: false });
}

export function setAuthModalMode(mode: AuthModalMode): void {
  $authModal.set({ ...$authModal.get(), mode });
}

let client: SupabaseClient | null = null;
let unsubscribe: (() => void) | null = null;
let expectingSignIn = false;

const userFromSession = (session: Session | null): BrowserUser | null =>
  session?.user ? { id: session.user.id, email: session.user.email ?? null } : null;

function clearUser(): void {
  $authUser.set(null);
  $authProfile.set(null);
  $tier.set(null);
}

/** Loads the profile and tier of the signed-in user from the site's API. */
export async function loadProfile(fetcher: typeof fetch = fetch): Promise<MeResponse | null> {
  const response = await fetcher('/api/auth/me', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status}`);
  const me = (await response.json()) as MeResponse;
  $authProfile.set(me.profile);
  $tier.set(me.user ? me.tier : null);
  if (!me.user) clearUser();
  return me;
}

/** The sign-in forms call this before a sign-in they start, so its event shows the toast. */
export function expectSignIn(): void {
  expectingSignIn = true;
}

/** A sign-in the user made: close the modal with "Signed in successfully!". */
export function announceSignIn(): void {
  expectingSignIn = false;
  closeAuthModal();
  toast.success(MESSAGES.signedIn);
}

export function handleAuthEvent(event: AuthChangeEvent | 'USER_DELETED', session: Session | null): void {
  switch (event) {
    case 'SIGNED_OUT':
    case 'USER_DELETED':
      clearUser();
      break;
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
    case 'INITIAL_SESSION':
    case 'PASSWORD_RECOVERY': {
      const user = userFromSession(session);
      const changed = user?.id !== $authUser.get()?.id;
      $authUser.set(user);
      if (!user) clearUser();
      else if (changed)
        void loadProfile().catch((error: unknown) => console.error('[auth] profile load failed', error));
      if (event === 'SIGNED_IN' && user && (expectingSignIn || $authModal.get().open)) announceSignIn();
      break;
    }
    default:
      break;
  }
}

/** Binds the browser client: listens to its auth events and runs the first session check. */
export function bindAuthClient(supabase: SupabaseClient): Promise<void> {
  if (client === supabase) return checkSession();
  unsubscribe?.();
  client = supabase;
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    // Never await other auth calls inside the callback (auth-js holds its lock here).
    setTimeout(() => handleAuthEvent(event, session), 0);
  });
  unsubscribe = () => data.subscription.unsubscribe();
  return checkSession();
}

export function boundClient(): SupabaseClient | null {
  return client;
}

/** The session check: sets the user (and profile, tier); errors are only logged. */
export async function checkSession(): Promise<void> {
  if (!client) {
    $authReady.set(true);
    return;
  }
  $authLoading.set(true);
  try {
    const { data, error } = await client.auth.getSession();
    if (error) throw error;
    const user = userFromSession(data.session);
    $authUser.set(user);
    if (user) await loadProfile();
    else clearUser();
  } catch (error) {
    console.error('[auth] session check failed', error);
  } finally {
    $authLoading.set(false);
    $authReady.set(true);
  }
}

/** Re-checks authentication when a client is bound (the island boundary's "Try again"). */
export function recheckAuth(): Promise<void> {
  return client ? checkSession() : Promise.resolve();
}

/** Logout: clears the user and the profile, then goes to /. Errors are only logged. */
export async function logout(navigate: (path: string) => void = (path) => window.location.assign(path)): Promise<void> {
  $authLoading.set(true);
  try {
    await client?.auth.signOut({ scope: 'local' });
  } catch (error) {
    console.error('[auth] logout failed', error);
  } finally {
    clearUser();
    $authLoading.set(false);
  }
  navigate('/');
}

/** For tests: forget the bound client and every state. */
export function resetAuthStore(): void {
  unsubscribe?.();
  unsubscribe = null;
  client = null;
  expectingSignIn = false;
  clearUser();
  $authReady.set(false);
  $authLoading.set(false);
  $authModal.set({ open: false, mode: 'login' });
}
