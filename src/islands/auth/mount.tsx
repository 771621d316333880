import { createRoot } from 'react-dom/client';
import type { AuthApi } from '../../lib/auth/header-account.client.ts';
import { $authProfile, $authReady, $authUser, $tier, logout, openAuthModal } from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { AuthModal } from './AuthModal.tsx';
import { authClient } from './client.ts';

/**
 * Loaded on demand by the header account control (src/components/layout/HeaderAccount.astro):
 * only when the visitor opens the modal, arrives with ?auth=signin, or has a session cookie.
 * Brings React, supabase-js and the modal; public pages stay free of them otherwise.
 */

let mounted: AuthApi | undefined;

export function mountAuth(config: PublicAuthConfig): AuthApi {
  if (mounted) return mounted;
  authClient(config);
  const host = document.createElement('div');
  host.setAttribute('data-auth-root', '');
  document.body.append(host);
  createRoot(host).render(
    <IslandBoundary name="AuthModal">
      <AuthModal config={config} />
    </IslandBoundary>,
  );
  if (new URLSearchParams(window.location.search).get('auth') === 'signin') openAuthModal('login');
  mounted = { openAuthModal, logout: () => logout(), $authUser, $authProfile, $authReady, $tier };
  return mounted;
}
