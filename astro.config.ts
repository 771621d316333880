import node from '@astrojs/node';
import react from '@astrojs/react';
import vercel from '@astrojs/vercel';
import { cacheVercel } from '@astrojs/vercel/cache';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, memoryCache } from 'astro/config';
import { loadDotEnv } from './src/lib/config/dotenv.ts';
import { parseEnv } from './src/lib/config/env.ts';
import { MEMORY_CACHE_ENTRIES, routeRules } from './src/lib/http/cache-rules.ts';

loadDotEnv();

// The node server is what `npm start` and the end-to-end tests run; Vercel sets VERCEL
// in its build environment, which switches the adapter and the cache provider.
const onVercel = Boolean(process.env.VERCEL);

export default defineConfig({
  output: 'server',
  site: process.env.SITE_URL || undefined,
  adapter: onVercel ? vercel() : node({ mode: 'standalone' }),
  integrations: [
    react(),
    {
      // `npm start` checks the environment in scripts/start.ts; this does the same for
      // `npm run dev`, so a bad variable stops the dev server with its name, not a 500 later.
      name: 'critical-hit:environment',
      hooks: { 'astro:server:setup': () => void parseEnv(process.env) },
    },
  ],
  cache: {
    provider: onVercel ? cacheVercel() : memoryCache({ max: MEMORY_CACHE_ENTRIES }),
  },
  routeRules,
  server: {
    host: process.env.HOST || undefined,
    port: Number(process.env.PORT) || 4321,
  },
  devToolbar: { enabled: false },
  // Sessions are Supabase's job (cookies managed by @supabase/ssr), not Astro's.
  session: false,
  vite: {
    plugins: [tailwindcss()],
    build: {
      // Scripts are always files of the site's own origin, never inlined into the page (Astro
      // inlines small ones by default), so a Content Security Policy without 'unsafe-inline'
      // needs no per-page hashes for them. Other assets keep Vite's default.
      assetsInlineLimit: (file: string) => (file.endsWith('.js') ? false : undefined),
    },
  },
});
