import type * as SentryAstro from '@sentry/astro';
import { RELEASE } from './release.ts';
import { scrubSentryEvent } from './sentry-event.ts';

type SentryOptions = NonNullable<Parameters<typeof SentryAstro.init>[0]>;

/** The server's Sentry options: errors only (no tracing), scrubbed, tagged with the build id. */
export function sentryServerOptions(dsn: string | undefined): SentryOptions {
  return {
    dsn,
    enabled: Boolean(dsn),
    release: RELEASE,
    sendDefaultPii: false,
    tracesSampleRate: 0,
    beforeSend: (event) => scrubSentryEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubSentryEvent(breadcrumb),
  };
}

/**
 * Sends an error the site caught itself (and answered with a 500 or 503) to Sentry, when the
 * server was started with SENTRY_DSN. The SDK is loaded only then, so a site without Sentry
 * never pays for it.
 */
export async function captureServerError(error: Error, route: string): Promise<void> {
  if (!process.env.SENTRY_DSN) return;
  const Sentry = await import('@sentry/astro');
  // The integration initialises Sentry when a page renders; an API route may fail first.
  if (!Sentry.isInitialized()) Sentry.init(sentryServerOptions(process.env.SENTRY_DSN));
  Sentry.captureException(error, { tags: { route } });
}
