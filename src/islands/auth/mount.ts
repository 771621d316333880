import type { AuthApi } from '../../lib/auth/header-account.client.ts';
import { hasAuthCookie } from '../../lib/auth/cookies.ts';
import {
  $authModal,
  $authProfile,
  $authReady,
  $authUser,
  $tier,
  logout,
  openAuthModal,
} from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { authClient } from './client.ts';

/**
 * Loaded on demand by the header account control (src/components/layout/HeaderAccount.astro):
 * only when the visitor opens the modal, arrives with ?auth=signin, or has a session cookie.
 * Binds supabase-js to the auth store at once. The modal (React and the forms) comes with it
 * for a visitor without a session, who is here to sign in; a signed-in visitor, who keeps the
 * session alive and reads their name from the store, gets the modal only if it is opened.
 */

let mounted: AuthApi | undefined;

export function mountAuth(config: PublicAuthConfig): AuthApi {
  if (mounted) return mounted;
  authClient(config);
  let modal: Promise<void> | undefined;
  const renderModal = () => (modal ??= import('./modal-root.tsx').then((module) => module.renderAuthModal(config)));
  if (!hasAuthCookie(document.cookie)) void renderModal();
  $authModal.subscribe(({ open }) => {
    if (open) void renderModal();
  });
  if (new URLSearchParams(window.location.search).get('auth') === 'signin') openAuthModal('login');
  mounted = { openAuthModal, logout: () => logout(), $authUser, $authProfile, $authReady, $tier };
  return mounted;
}
