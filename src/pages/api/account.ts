import type { APIRoute } from 'astro';
import { handleDeleteAccount } from '../../../functions/account/handlers.ts';
import { cancelBillingOf } from '../../../functions/membership/handlers.ts';
import { membershipContext } from '../../../functions/membership/context.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const DELETE: APIRoute = ({ request, locals }) =>
  handleDeleteAccount(request, {
    user: locals.user,
    db: getDb,
    cancelBilling: (userId) => cancelBillingOf(userId, membershipContext(null)),
    // The session rows went with the user; this clears the cookies on the response.
    signOut: async () => void (await locals.getSupabase().auth.signOut({ scope: 'local' })),
  });

export const ALL = otherMethods({ DELETE });
