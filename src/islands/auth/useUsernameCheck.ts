import { useEffect, useRef, useState } from 'react';
import { MESSAGES, USERNAME_CHECK_DEBOUNCE_MS, usernameError } from '../../lib/auth/validation.ts';

export type UsernameStatus = 'none' | 'checking' | 'available' | 'taken' | 'invalid';

export interface UsernameCheckState {
  status: UsernameStatus;
  message: string;
}

const NONE: UsernameCheckState = { status: 'none', message: '' };

/**
 * Username availability: the shared rules first, then
 * GET /api/auth/check-username 500 ms after typing stops. A failed check is "invalid"
 * with the network message.
 */
export function useUsernameCheck(username: string, fetcher: typeof fetch = fetch): [UsernameCheckState, () => void] {
  const [state, setState] = useState<UsernameCheckState>(NONE);
  const latest = useRef(0);

  useEffect(() => {
    const value = username.trim();
    const call = ++latest.current;
    if (!value) {
      setState(NONE);
      return;
    }
    const invalid = usernameError(value);
    if (invalid) {
      setState({ status: 'invalid', message: invalid });
      return;
    }
    setState({ status: 'checking', message: 'Checking availability...' });
    const controller = new AbortController();
    const check = async () => {
      try {
        const response = await fetcher(`/api/auth/check-username?username=${encodeURIComponent(value)}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`check-username answered ${response.status}`);
        const body = (await response.json()) as { available: boolean; message: string };
        if (call !== latest.current) return;
        if (body.available) setState({ status: 'available', message: MESSAGES.usernameAvailable });
        else if (body.message === MESSAGES.usernameTaken) setState({ status: 'taken', message: body.message });
        else setState({ status: 'invalid', message: body.message });
      } catch (error) {
        if (controller.signal.aborted || call !== latest.current) return;
        console.error('[auth] username check failed', error);
        setState({ status: 'invalid', message: MESSAGES.networkError });
      }
    };
    const timer = setTimeout(() => void check(), USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, fetcher]);

  return [state, () => setState(NONE)];
}
