import type { APIRoute } from 'astro';
import { handleSignIn } from '../../../../functions/account/handlers.ts';
import { retryAfterOf } from '../../../lib/auth/supabase-server.ts';
import { getDb } from '../../../lib/db/db.server.ts';

export const POST: APIRoute = ({ request, locals }) =>
  handleSignIn(request, {
    user: locals.user,
    db: getDb,
    signIn: async (email, password) => {
      const supabase = locals.getSupabase();
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      if (!error) return { error: null, user: data.user };
      return { error: { status: error.status, code: error.code, message: error.message, retryAfterSeconds: retryAfterOf(supabase) }, user: null };
    },
  });
