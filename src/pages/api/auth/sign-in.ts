import type { APIRoute } from 'astro';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { handleSignIn } from '../../../../functions/account/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { DatabaseUnavailableError } from '../../../lib/db/errors.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST: APIRoute = ({ request, locals }) =>
  handleSignIn(request, {
    user: locals.user,
    db: getDb,
    signIn: async (email, password) => {
      const { data, error } = await locals.getSupabase().auth.signInWithPassword({ email, password });
      // An auth service that cannot reach its database is an outage (503), not a failed sign-in.
      if (isAuthRetryableFetchError(error) && error.status === 503) throw new DatabaseUnavailableError(error.message, { cause: error });
      return { error: error ? { status: error.status, code: error.code, message: error.message } : null, user: data.user };
    },
  });

export const ALL = otherMethods({ POST });
