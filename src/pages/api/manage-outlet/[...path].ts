import type { APIRoute } from 'astro';
import { mailerFromEnv } from '../../../../functions/auth/mailer.ts';
import { handleManageOutlet, type OutletApiDeps } from '../../../../functions/outlets.ts';
import { getEnv } from '../../../lib/config/env.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purge } from '../../../lib/http/purge.server.ts';

const deps = async (locals: App.Locals): Promise<OutletApiDeps> => {
  const env = getEnv();
  return {
    db: await getDb(),
    user: locals.user,
    purge,
    mailer: mailerFromEnv(),
    siteOrigin: env.siteOrigin,
    siteName: env.SITE_NAME,
    supabase: locals.getSupabase,
  };
};

const handle: APIRoute = async (context) =>
  handleManageOutlet(context.request, context.params.path ?? '', await deps(context.locals));

export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const ALL = otherMethods({ POST, PUT, PATCH, DELETE });
