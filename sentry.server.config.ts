import * as Sentry from '@sentry/astro';
import { sentryServerOptions } from './src/lib/errors/sentry.server.ts';

// Loaded by the server only when the site was built with SENTRY_DSN (astro.config.ts adds
// the Sentry integration then); the DSN itself is read when the server starts.
Sentry.init(sentryServerOptions(process.env.SENTRY_DSN));
