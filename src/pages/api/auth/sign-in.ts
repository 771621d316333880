import type { APIRoute } from 'astro';
import { handleSignIn } from '../../../../functions/account/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';

export const POST: APIRoute = ({ request, locals }) =>
  handleSignIn(request, {
    user: locals.user,
    db: getDb,
    signIn: async (email, password) => {
      const { data, error } = await locals.getSupabase().auth.signInWithPassword({ email, password });
      return { error: error ? { status: error.status, code: error.code, message: error.message } : null, user: data.user };
    },
  });
