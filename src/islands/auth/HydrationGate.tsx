import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * Server-rendered forms stay disabled until React has hydrated them, so nothing typed
 * before the island's JavaScript arrives is silently thrown away by hydration. The server's
 * snapshot (false) is used while hydrating; React renders again with the browser's (true).
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!hydrated} data-hydrated={hydrated || undefined} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
