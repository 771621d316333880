import { useEffect, useState, type ReactNode } from 'react';

/**
 * Server-rendered forms stay disabled until React has hydrated them, so nothing typed
 * before the island's JavaScript arrives is silently thrown away by hydration.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <fieldset disabled={!hydrated} data-hydrated={hydrated || undefined} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
