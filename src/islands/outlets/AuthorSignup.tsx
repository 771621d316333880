import { useState } from 'react';
import type { AuthModalMode } from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { HydrationGate } from '../auth/HydrationGate.tsx';
import { AuthForms } from '../auth/AuthForms.tsx';

/** /auth/author-signup: the site's sign-up with the invited email prefilled; the confirmation link returns to the invitation. */
export default function AuthorSignup({
  config,
  email,
  next,
}: {
  config: PublicAuthConfig;
  email?: string | undefined;
  next: string;
}) {
  const [mode, setMode] = useState<AuthModalMode>('register');
  return (
    <IslandBoundary name="AuthorSignup">
      <HydrationGate>
        <AuthForms
          config={config}
          mode={mode}
          onModeChange={setMode}
          redirectTo={next}
          initialEmail={email}
          confirmNext={next}
        />
      </HydrationGate>
    </IslandBoundary>
  );
}
