import {
  isAuthPKCECodeVerifierMissingError,
  isAuthRetryableFetchError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { getDb } from '../db/db.server.ts';
import { DatabaseUnavailableError } from '../db/errors.ts';
import { getProfile } from './profiles.server.ts';
import { authServiceFailure } from './supabase.server.ts';
import { confirmUrlFor, nextPath } from './redirect.ts';

/**
 * Email links (sign-up confirmation, password recovery, email change) and the Google
 * redirect flow land on the site with `?code=`: a PKCE code that the browser which asked
 * for the link exchanges for a session, through the server's supabase client, which reads
 * the code verifier from that browser's cookies and sets the session cookies on the
 * response. This is the one place that exchange happens and its errors are read.
 */

export type CodeExchange =
  /** The URL carries no code (an error arrived in the hash instead, which only the browser sees). */
  | { kind: 'no-code' }
  | { kind: 'signed-in'; userId: string }
  /** The link was genuine (the email is confirmed) but opened in a browser without the verifier. */
  | { kind: 'other-browser' }
  /** Expired, used, or not a code at all. */
  | { kind: 'invalid' };

/** The query parameter auth-js appends to a link's redirect to name its PKCE flow. */
export const PKCE_FLOW_ID_PARAM = 'sb_flow_id';

/** Codes are UUIDs; anything much longer is not worth a round trip. */
const MAX_CODE_LENGTH = 512;

/**
 * Exchanges the `code` of `url`. An auth service that cannot answer is not an invalid link:
 * its database is down (DatabaseUnavailableError), or hosted Supabase Auth gave no answer in
 * time (a RemoteServiceError); the middleware answers either with a 503 page, so the visitor
 * can open the same link again a little later.
 */
export async function exchangeCode(supabase: SupabaseClient, url: URL): Promise<CodeExchange> {
  const code = url.searchParams.get('code');
  if (!code) return { kind: 'no-code' };
  if (code.length > MAX_CODE_LENGTH) return { kind: 'invalid' };
  // The flow the link belongs to (supabase.client.ts): its verifier slot is used and then removed.
  const flowId = url.searchParams.get(PKCE_FLOW_ID_PARAM);
  const { data, error } = await supabase.auth.exchangeCodeForSession(code, flowId ? { flowId } : undefined);
  if (!error && data.user) return { kind: 'signed-in', userId: data.user.id };
  if (isAuthPKCECodeVerifierMissingError(error)) return { kind: 'other-browser' };
  if (isAuthRetryableFetchError(error) && error.status === 503) {
    throw new DatabaseUnavailableError(`The auth service could not exchange a code: ${error.message}`, {
      cause: error,
    });
  }
  const failure = authServiceFailure(error);
  if (failure) throw failure;
  return { kind: 'invalid' };
}

/**
 * Where /auth/callback sends the visitor: after a successful exchange, to `next` (a safe
 * same-site path, /dashboard by default), or to /confirm first when the account has no
 * username yet; without a code to /login, which reads an error from the hash; a genuine
 * link opened in another browser to /login?confirmed=1. Null: the link did not work.
 */
export async function callbackDestination(supabase: SupabaseClient, url: URL, origin: string): Promise<string | null> {
  const exchange = await exchangeCode(supabase, url);
  switch (exchange.kind) {
    case 'no-code':
      return '/login';
    case 'other-browser':
      return '/login?confirmed=1';
    case 'invalid':
      return null;
    case 'signed-in': {
      const next = nextPath(url, origin);
      const profile = await getProfile(await getDb(), exchange.userId);
      return profile?.username ? next : confirmUrlFor(next);
    }
  }
}
