import type { SupabaseClient } from '@supabase/supabase-js';
import type { APIContext, APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../src/lib/auth/types.ts';
import { getEnv, type Env } from '../src/lib/config/env.ts';
import { getDb } from '../src/lib/db/db.server.ts';
import type { Database } from '../src/lib/db/schema.ts';
import { purge, type Purge } from '../src/lib/http/purge.server.ts';
import { clientAddressOf } from './auth/context.ts';
import { mailerFromEnv, type Mailer } from './auth/mailer.ts';

/**
 * What an API route hands its handler, built in one place from Astro's APIContext. Each
 * handler declares the part it uses (`{ user, db, purge }`…) and a route passes this whole.
 *
 * Nothing here costs anything until a handler asks for it: the database opens on the first
 * `db()` (a route that refuses a visitor, or answers 405 through `otherMethods`, never opens
 * it), and `user` is read from the middleware's locals on use, so a shared route that never
 * asks who is calling stays shareable (src/lib/http/shared-pages.ts notes such reads).
 */
export interface ApiContext {
  readonly request: Request;
  /** The route's parameters ([id], [...path]…), as Astro decoded them. */
  readonly params: Readonly<Record<string, string | undefined>>;
  /** The signed-in user, as the middleware verified it; null for a visitor. */
  readonly user: AuthUser | null;
  /** The shared database, opened on first use. */
  readonly db: () => Promise<Kysely<Database>>;
  /** Purges the cached pages a write changed, on every server. */
  readonly purge: Purge;
  /** The caller's Supabase client (their session, their cookies), created on first use. */
  readonly supabase: () => SupabaseClient;
  /** The client's address (behind a trusted proxy, the one it forwarded); undefined when unknown. */
  readonly clientAddress: string | undefined;
  /** Where the site's emails go: SMTP, the dev mailbox, or nowhere. */
  readonly mailer: Mailer;
  /** The validated environment (secrets, the site's origin and name, storage paths). */
  readonly env: Env;
}

export function apiContext(context: Pick<APIContext, 'request' | 'params' | 'locals' | 'clientAddress'>): ApiContext {
  return {
    request: context.request,
    params: context.params,
    get user() {
      return context.locals.user;
    },
    db: getDb,
    purge,
    supabase: () => context.locals.getSupabase(),
    get clientAddress() {
      return clientAddressOf(context);
    },
    get mailer() {
      return mailerFromEnv();
    },
    get env() {
      return getEnv();
    },
  };
}

/**
 * An API route's method: its handler gets the context above.
 *
 *   export const POST = apiRoute((api) => handleCreateList(api.request, api));
 *   export const ALL = otherMethods({ POST });
 */
export function apiRoute(handler: (api: ApiContext) => Response | Promise<Response>): APIRoute {
  return (context) => handler(apiContext(context));
}
