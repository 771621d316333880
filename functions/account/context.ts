import { isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import { authServiceFailure, retryAfterOf } from '../../src/lib/auth/supabase.server.ts';
import { DatabaseUnavailableError } from '../../src/lib/db/errors.ts';
import type { ApiContext } from '../api-context.ts';
import { membershipContext } from '../membership/context.ts';
import { cancelBillingOf } from '../membership/handlers.ts';
import type { AccountContext, PasswordSignIn } from './handlers.ts';

/** What the account routes hand their handlers beyond the common API context. */

/**
 * The password sign-in through the caller's Supabase client, which sets the session cookies
 * on the answer. An auth service that cannot reach its database is an outage (503), and a
 * hosted Supabase Auth that gave no answer in time is "Server error. Please try again
 * later." (503): neither is a failed sign-in.
 */
export function passwordSignIn(client: () => SupabaseClient): PasswordSignIn {
  return async (email, password) => {
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (isAuthRetryableFetchError(error) && error.status === 503)
      throw new DatabaseUnavailableError(error.message, { cause: error });
    const failure = authServiceFailure(error);
    if (failure) throw failure;
    if (!error) return { error: null, user: data.user };
    return {
      error: {
        status: error.status,
        code: error.code,
        message: error.message,
        retryAfterSeconds: retryAfterOf(supabase),
      },
      user: null,
    };
  };
}

/** DELETE /api/account: the paid subscription ends first; then the session cookies are cleared. */
export function accountDeletion(api: Pick<ApiContext, 'user' | 'db' | 'supabase'>): AccountContext & {
  signOut: () => Promise<void>;
  cancelBilling: (userId: string) => Promise<void>;
} {
  return {
    user: api.user,
    db: api.db,
    cancelBilling: (userId) => cancelBillingOf(userId, membershipContext(null)),
    // The session rows went with the user; this clears the cookies on the response.
    signOut: async () => void (await api.supabase().auth.signOut({ scope: 'local' })),
  };
}
