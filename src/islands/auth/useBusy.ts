import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/auth/messages.ts';
import { toast } from '../../lib/toast/toast.ts';

/**
 * The busy state the account forms share: `run(work, onError)` ignores a second submit
 * while one is in flight, keeps the form busy (fields and button disabled, busy label)
 * for the duration of `work`, and hands a thrown failure to `onError`.
 */
export function useBusy(): {
  busy: boolean;
  run: (work: () => Promise<void>, onError: (error: unknown) => void) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = async (work: () => Promise<void>, onError: (error: unknown) => void): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onError(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The usual failure report: the details logged, the user's message as the red "Error" toast. */
export function reportFailure(log: string, fallback?: string): (error: unknown) => void {
  return (error) => {
    console.error(log, error);
    toast.error(errorMessage(error, fallback));
  };
}
