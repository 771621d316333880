/// <reference types="astro/client" />

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
