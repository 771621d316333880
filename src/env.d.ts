/// <reference types="astro/client" />

// TypeScript alone (as type-aware lint runs it) cannot read .astro files: it sees each one as
// a component. Astro's own tools (astro check, the editor) read the files themselves.
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}

interface ImportMetaEnv {
  /** The build's id, defined by the build (src/lib/builds); absent under astro dev. */
  readonly PUBLIC_BUILD_ID?: string;
  /** Where browser errors are reported (Sentry); the client reports only when it is set. */
  readonly PUBLIC_SENTRY_DSN?: string;
}

declare namespace App {
  interface Locals {
    /**
     * Set by a route (invalid parameters) or the middleware (database down) before it
     * rewrites to /404 or /error, so that page can show the right status and message.
     */
    pageError?: { status: number; message?: string | undefined } | undefined;
    /**
     * The signed-in user, verified by the middleware with getClaims. Always null on the
     * cached public pages (they must render the same for everyone): never read it there
     * (a read makes that answer private and unstored, src/lib/http/shared-pages.ts).
     */
    user: import('./lib/auth/types.ts').AuthUser | null;
    /** This request's supabase server client (created on first use; sets the auth cookies). */
    getSupabase: () => import('@supabase/supabase-js').SupabaseClient;
  }
}
