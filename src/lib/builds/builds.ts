/**
 * Build updates: each build writes builds/latest.json ({ id, timestamp }) and
 * builds/meta/{id}.json (its route rules and middleware settings) into the static files.
 * An open tab polls latest.json and, when the id differs from the build it runs, raises an
 * app-update event that shows "A new version of the site is available".
 */

export interface LatestBuild {
  id: string;
  timestamp: number;
}

/** How often an open, visible tab asks whether a new build is out. */
export const UPDATE_POLL_MS = 5 * 60_000;

/** The window event raised when a new build is out; its detail is the LatestBuild. */
export const APP_UPDATE_EVENT = 'app:update';

export const UPDATE_MESSAGE = 'A new version of the site is available';

export const latestBuildUrl = (timestamp: number) => `/builds/latest.json?t=${timestamp}`;
export const buildMetaUrl = (id: string) => `/builds/meta/${encodeURIComponent(id)}.json`;

/** A build id: the time of the build in base 36 and a random part; safe in a file name. */
export function newBuildId(now: Date, random: string): string {
  return `${now.getTime().toString(36)}-${random
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase()}`;
}

export function isLatestBuild(value: unknown): value is LatestBuild {
  if (typeof value !== 'object' || value === null) return false;
  const { id, timestamp } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    /^[a-z0-9-]{1,64}$/.test(id) &&
    typeof timestamp === 'number' &&
    Number.isFinite(timestamp)
  );
}

/** A newer build is out when the published id is a different, well-formed one. */
export function isNewBuild(current: string, latest: unknown): latest is LatestBuild {
  return isLatestBuild(latest) && latest.id !== current;
}

/** The page the service worker shows for a navigation it cannot serve offline. */
export const OFFLINE_PATH = '/offline';

/** Paths the service worker never caches (they depend on who is signed in). */
export const SW_NEVER_CACHED = [
  '/dashboard',
  '/account',
  '/settings',
  '/manage-outlet',
  '/admin',
  '/api',
  '/auth',
] as const;
