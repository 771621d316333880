import node from '@astrojs/node';
import react from '@astrojs/react';
import vercel from '@astrojs/vercel';
import { cacheVercel } from '@astrojs/vercel/cache';
import sentry from '@sentry/astro';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import type { Plugin } from 'vite';
import { buildFiles } from './src/lib/builds/build-files.server.ts';
import { loadDotEnv } from './src/lib/config/dotenv.ts';
import { parseEnv } from './src/lib/config/env.ts';
import { MEMORY_CACHE_BYTES, MEMORY_CACHE_ENTRIES } from './src/lib/http/cache-rules.ts';

loadDotEnv();

// The node server is what `npm start` and the end-to-end tests run; Vercel sets VERCEL
// in its build environment, which switches the adapter and the cache provider.
const onVercel = Boolean(process.env.VERCEL);

/**
 * A build is a production build on the server too. React picks its development build at run
 * time unless NODE_ENV is `production`, and the node server does not set NODE_ENV (the
 * embedded demo's conveniences key on it: docs/configuration.md). So the build bundles React
 * and the packages that import it into the server, with NODE_ENV written in as `production`
 * (the build's own mode); the server then runs React's production build whatever its
 * environment says. The site's own code reads NODE_ENV from the parsed environment, never as
 * `process.env.NODE_ENV`, so what the define replaces is library code only.
 */
function productionServerBuild(): Plugin {
  return {
    name: 'critical-hit:production-server-build',
    apply: 'build',
    config: () => ({
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: ['react', 'react-dom', 'scheduler', '@nanostores/react', /^@dnd-kit\//] },
    }),
  };
}

export default defineConfig({
  output: 'server',
  site: process.env.SITE_URL || undefined,
  // Middleware mode: scripts/start.ts serves static files itself from a list made at start,
  // so the adapter's handler is the app alone (standalone would stat the disk for every page).
  // No HTML streaming: the route cache and the compression layer take every page whole, so a
  // page rendered as a stream of chunks is only gathered again, at more cost than rendering
  // it to one string.
  adapter: onVercel ? vercel() : node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [
    react(),
    // Build id, builds/latest.json + meta, and the Workbox service worker.
    buildFiles(),
    // Sentry only for a build with a DSN: without one no Sentry code reaches a page or the
    // server (errors are still kept first-party). Source maps are uploaded only with a token.
    ...(process.env.SENTRY_DSN || process.env.PUBLIC_SENTRY_DSN
      ? [
          sentry({
            enabled: { client: Boolean(process.env.PUBLIC_SENTRY_DSN), server: Boolean(process.env.SENTRY_DSN) },
            sourcemaps: { disable: !process.env.SENTRY_AUTH_TOKEN },
            telemetry: false,
          }),
        ]
      : []),
    {
      // `npm start` checks the environment in scripts/start.ts; this does the same for
      // `npm run dev`, so a bad variable stops the dev server with its name, not a 500 later.
      name: 'critical-hit:environment',
      hooks: { 'astro:server:setup': () => void parseEnv(process.env) },
    },
    {
      // The scheduled jobs run under `npm run dev` as under `npm start` (embargoes lift).
      // Vitest starts a Vite server too: no jobs there.
      name: 'critical-hit:jobs',
      hooks: {
        'astro:server:setup': async ({ server }) => {
          if (process.env.VITEST) return;
          const jobs = (await server.ssrLoadModule(
            '/functions/jobs/background.ts',
          )) as typeof import('./functions/jobs/background.ts');
          const background = jobs.startBackgroundWork(parseEnv(process.env));
          server.httpServer?.once('close', () => void background.stop());
        },
      },
    },
  ],
  cache: {
    // The node server's own runtime provider (server/route-cache.ts): keyed on
    // the parameters each route reads, bounded in bytes, purged across servers.
    provider: onVercel
      ? cacheVercel()
      : {
          name: 'critical-hit-memory',
          entrypoint: new URL('./server/route-cache.ts', import.meta.url),
          config: { maxEntries: MEMORY_CACHE_ENTRIES, maxBytes: MEMORY_CACHE_BYTES },
        },
  },
  // No `routeRules`: Astro matches them against the URL, so a rule for /games/[slug] also
  // covered /games/request. The middleware applies each rule of src/lib/http/cache-rules.ts
  // to exactly the route it names (Astro.cache.set).
  // Content Security Policy with the hashes of the scripts each page uses, sent as a
  // response header (cached with the page: no per-request nonce). The middleware completes
  // it with the deployment's sources and directives (src/lib/http/security-headers.server.ts).
  // Styles may be inline (style attributes cannot run code), so Astro writes no style hashes.
  security: { csp: { styleDirective: { resources: ["'self'", "'unsafe-inline'"] } } },
  server: {
    host: process.env.HOST || undefined,
    port: Number(process.env.PORT) || 4321,
  },
  devToolbar: { enabled: false },
  // Sessions are Supabase's job (cookies managed by @supabase/ssr), not Astro's.
  session: false,
  vite: {
    plugins: [tailwindcss(), productionServerBuild()],
    // On Vercel the value is written into the build, so the branches only the node server's
    // modes take (the embedded database, the local services, the dev mailbox) are dropped
    // from the function (src/lib/config/platform.server.ts).
    define: onVercel ? { 'process.env.VERCEL': JSON.stringify(process.env.VERCEL) } : {},
    build: {
      // Scripts are always files of the site's own origin, never inlined into the page (Astro
      // inlines small ones by default), so a Content Security Policy without 'unsafe-inline'
      // needs no per-page hashes for them. Other assets keep Vite's default.
      assetsInlineLimit: (file: string) => (file.endsWith('.js') ? false : undefined),
    },
  },
});
