import { RELEASE } from '../errors/release.ts';

/**
 * Browser errors to the site's own endpoint (POST /api/errors): uncaught errors, unhandled
 * rejections, and what an island's error boundary catches. The server scrubs personal data;
 * the page path is sent without its query or fragment. At most a few per page, so a loop
 * cannot flood the endpoint.
 */

const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;

export function reportClientError(error: unknown): void {
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  sent += 1;
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-error value thrown');
  const body = JSON.stringify({
    message: `${err.name}: ${err.message}`.slice(0, 2000),
    stack: err.stack?.slice(0, 16_000) ?? null,
    route: location.pathname,
    release: RELEASE,
  });
  if (!navigator.sendBeacon?.('/api/errors', body)) {
    void fetch('/api/errors', {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {});
  }
}

export function startErrorReporting(): void {
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason));
  // What an island's error boundary caught (IslandBoundary raises it, to stay free of this module).
  window.addEventListener('app:island-error', (event) => reportClientError((event as CustomEvent<unknown>).detail));
}
