import { useState } from 'react';
import type { AuthModalMode } from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { HydrationGate } from './HydrationGate.tsx';
import { AuthForms } from './AuthForms.tsx';

/** The /login page: the modal's forms on a page, returning to `redirectTo` after sign-in. */
export default function LoginPage({
  config,
  redirectTo,
  initialMode = 'login',
}: {
  config: PublicAuthConfig;
  redirectTo: string;
  initialMode?: AuthModalMode;
}) {
  const [mode, setMode] = useState<AuthModalMode>(initialMode);
  return (
    <IslandBoundary name="LoginPage">
      <HydrationGate>
        <AuthForms config={config} mode={mode} onModeChange={setMode} redirectTo={redirectTo} />
      </HydrationGate>
    </IslandBoundary>
  );
}
