import type { ReactNode } from 'react';
import type { UsernameCheckState } from './useUsernameCheck.ts';

const TONE: Record<UsernameCheckState['status'], string> = {
  none: 'text-content-muted',
  checking: 'text-content-muted',
  available: 'text-green-800 dark:text-green-300',
  taken: 'text-red-700 dark:text-red-300',
  invalid: 'text-red-700 dark:text-red-300',
};

/**
 * The live availability line under a username field ("✓ Username is available", taken,
 * invalid), announced politely; `fallback` shows while nothing is being checked. A field
 * error, when present, takes its place.
 */
export function usernameCheckHint(
  check: UsernameCheckState,
  fieldError: string | undefined,
  fallback?: ReactNode,
): ReactNode {
  if (check.status === 'none' || fieldError) return fallback;
  return (
    <span role="status" data-username-status={check.status} className={TONE[check.status]}>
      {check.message}
    </span>
  );
}
