import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { HydrationGate } from './HydrationGate.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';

/** The reset-password request on its own (expired links land here). */
export default function RequestResetLink({ config }: { config: PublicAuthConfig }) {
  return (
    <IslandBoundary name="RequestResetLink">
      <HydrationGate>
        <ForgotPasswordForm config={config} />
      </HydrationGate>
    </IslandBoundary>
  );
}
