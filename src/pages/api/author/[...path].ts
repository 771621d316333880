import type { APIRoute } from 'astro';
import { mailerFromEnv } from '../../../../functions/auth/mailer.ts';
import { handleAuthor } from '../../../../functions/outlets.ts';
import { getEnv } from '../../../lib/config/env.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purge } from '../../../lib/http/purge.server.ts';

const handle: APIRoute = async (context) => {
  const env = getEnv();
  return handleAuthor(context.request, context.params.path ?? '', {
    db: await getDb(),
    user: context.locals.user,
    purge,
    mailer: mailerFromEnv(),
    siteOrigin: env.siteOrigin,
    siteName: env.SITE_NAME,
  });
};

export const POST = handle;
export const PUT = handle;
export const ALL = otherMethods({ POST, PUT });
