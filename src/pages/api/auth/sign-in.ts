import { handleSignIn } from '../../../../functions/account/handlers.ts';
import { passwordSignIn } from '../../../../functions/account/context.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleSignIn(api.request, { db: api.db, signIn: passwordSignIn(api.supabase) }));

export const ALL = otherMethods({ POST });
