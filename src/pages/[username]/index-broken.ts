import type { APIRoute } from 'astro';
import { canonicalProfilePath, usernameParamSchema } from '../../lib/profiles/profiles.ts';

/** A legacy address of profiles: permanently /{username}. */
export const GET: APIRoute = ({ params, redirect }) => {
  const username = usernameParamSchema.safeParse(params.username);
  return username.success ? redirect(canonicalProfilePath(username.data), 301) : new Response(null, { status: 404 });
};
