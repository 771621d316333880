import type { APIRoute } from 'astro';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { handleSignIn } from '../../../../functions/account/handlers.ts';
import { authServiceFailure, retryAfterOf } from '../../../lib/auth/supabase.server.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { DatabaseUnavailableError } from '../../../lib/db/errors.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST: APIRoute = ({ request, locals }) =>
  handleSignIn(request, {
    user: locals.user,
    db: getDb,
    signIn: async (email, password) => {
      const supabase = locals.getSupabase();
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      // An auth service that cannot reach its database is an outage (503), not a failed sign-in.
      if (isAuthRetryableFetchError(error) && error.status === 503)
        throw new DatabaseUnavailableError(error.message, { cause: error });
      // Hosted Supabase Auth that gave no answer in time: "Server error. Please try again later." (503).
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
    },
  });

export const ALL = otherMethods({ POST });
