import type { APIRoute } from 'astro';
import { clientAddressOf } from '../../../functions/auth/context.ts';
import { handleEvent } from '../../../functions/analytics.ts';
import { getEnv } from '../../lib/config/env.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const POST: APIRoute = (context) =>
  handleEvent(context.request, {
    db: getDb,
    clientAddress: clientAddressOf(context),
    siteHosts: [new URL(getEnv().siteOrigin).host.toLowerCase()],
  });

export const ALL = otherMethods({ POST });
