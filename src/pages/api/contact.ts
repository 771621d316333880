import type { APIRoute } from 'astro';
import { clientAddressOf } from '../../../functions/auth/context.ts';
import { handleContact } from '../../../functions/contact.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const POST: APIRoute = (context) =>
  handleContact(context.request, {
    db: getDb,
    clientAddress: clientAddressOf(context),
    userId: context.locals.user?.id ?? null,
  });

export const ALL = otherMethods({ POST });
