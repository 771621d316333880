import type { ReadableAtom } from 'nanostores';
import { hasAuthCookie } from './cookies.ts';
import type { AuthModalMode, BrowserUser } from './store.client.ts';
import { TIER_LABELS, type Tier } from './tiers.ts';
import type { Profile, PublicAuthConfig } from './types.ts';

/**
 * The header's account control, without React: "Sign in" for visitors, the account menu
 * for signed-in users. Whether someone is signed in is guessed from the presence of the
 * Supabase session cookie; the real session check runs once the auth island is loaded,
 * which happens only when the visitor opens the modal, arrives with ?auth=signin, or has a
 * session cookie. Loading the island is the caller's job (`loadAuth`), so this module knows
 * nothing of React or supabase-js: public pages stay light and cacheable.
 */

/** What the auth island offers the header once it is mounted. */
export interface AuthApi {
  openAuthModal(mode?: AuthModalMode): void;
  logout(): Promise<void>;
  $authUser: ReadableAtom<BrowserUser | null>;
  $authProfile: ReadableAtom<Profile | null>;
  $authReady: ReadableAtom<boolean>;
  /** The signed-in user's plan, for the menu's membership entry; null until it is known. */
  $tier?: ReadableAtom<Tier | null>;
}

export function initHeaderAccount(root: HTMLElement, loadAuth: (config: PublicAuthConfig) => Promise<AuthApi>): void {
  const config: PublicAuthConfig = {
    url: root.dataset.authUrl ?? '',
    anonKey: root.dataset.authKey ?? '',
    googleClientId: root.dataset.googleClientId ?? '',
  };
  const signIn = root.querySelector<HTMLButtonElement>('[data-auth-signin]')!;
  const menu = root.querySelector<HTMLElement>('[data-auth-menu]')!;
  const toggle = root.querySelector<HTMLButtonElement>('[data-auth-menu-button]')!;
  const list = root.querySelector<HTMLElement>('[data-auth-menu-list]')!;
  const label = root.querySelector<HTMLElement>('[data-auth-name]')!;
  const signOut = root.querySelector<HTMLButtonElement>('[data-auth-signout]')!;

  const show = (signedIn: boolean) => {
    signIn.hidden = signedIn;
    menu.hidden = !signedIn;
  };
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  };

  let api: Promise<AuthApi> | undefined;
  const load = () =>
    (api ??= loadAuth(config).then((auth) => {
      auth.$authUser.subscribe((user) => {
        if (user || auth.$authReady.get()) show(Boolean(user));
      });
      auth.$authReady.subscribe((ready) => {
        if (ready) show(Boolean(auth.$authUser.get()));
      });
      const plan = root.querySelector<HTMLElement>('[data-auth-tier]');
      // "Membership" alone until the plan is known: never a plan the member does not have.
      auth.$tier?.subscribe((tier) => {
        if (plan) plan.textContent = tier ? `: ${TIER_LABELS[tier]}` : '';
      });
      auth.$authProfile.subscribe((profile) => {
        label.textContent = profile?.username ?? profile?.full_name ?? 'Account';
      });
      return auth;
    }));

  show(hasAuthCookie(document.cookie));
  signIn.addEventListener('click', () => {
    signIn.setAttribute('aria-busy', 'true');
    void load()
      .then((auth) => auth.openAuthModal('login'))
      .finally(() => signIn.removeAttribute('aria-busy'));
  });
  // Any element on the page can open the modal: <button data-open-auth="register">.
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-open-auth]');
    if (!opener) return;
    event.preventDefault();
    const mode = opener.dataset.openAuth === 'register' ? 'register' : 'login';
    void load().then((auth) => auth.openAuthModal(mode));
  });
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('click', (event) => {
    if (!menu.contains(event.target as Node)) setOpen(false);
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.focus();
    }
  });
  signOut.addEventListener('click', () => {
    signOut.disabled = true;
    void load().then((auth) => auth.logout());
  });

  if (hasAuthCookie(document.cookie) || new URLSearchParams(window.location.search).get('auth') === 'signin')
    void load();
}
