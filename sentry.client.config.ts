import * as Sentry from '@sentry/browser';
import { RELEASE } from './src/lib/errors/release.ts';
import { scrubSentryEvent } from './src/lib/errors/sentry-event.ts';

// @sentry/browser rather than @sentry/astro's client: the same client without its tracing,
// about half the bytes. Loaded on every page only when the site was built with PUBLIC_SENTRY_DSN (astro.config.ts
// adds the Sentry integration then). No tracing, no replay: errors only, scrubbed.
Sentry.init({
  dsn: import.meta.env.PUBLIC_SENTRY_DSN,
  release: RELEASE,
  sendDefaultPii: false,
  tracesSampleRate: 0,
  beforeSend: (event) => scrubSentryEvent(event),
  beforeBreadcrumb: (breadcrumb) => scrubSentryEvent(breadcrumb),
});

// What an island's error boundary catches never reaches window.onerror: IslandBoundary
// raises this event for the site's own reporting, and Sentry hears it too.
window.addEventListener('app:island-error', (event) => {
  Sentry.captureException((event as CustomEvent<unknown>).detail);
});
