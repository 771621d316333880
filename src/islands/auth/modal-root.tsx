import { createRoot } from 'react-dom/client';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { AuthModal } from './AuthModal.tsx';

/** Renders the auth modal into its own root at the end of the page (src/islands/auth/mount.ts). */
export function renderAuthModal(config: PublicAuthConfig): void {
  const host = document.createElement('div');
  host.setAttribute('data-auth-root', '');
  document.body.append(host);
  createRoot(host).render(
    <IslandBoundary name="AuthModal">
      <AuthModal config={config} />
    </IslandBoundary>,
  );
}
