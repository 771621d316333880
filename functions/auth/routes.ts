import { getUser, signup, updateUser } from './account.ts';
import type { AuthCall, AuthDeps } from './context.ts';
import { recover, verifyGet, verifyPost } from './email-links.ts';
import { DISABLED_ROUTES, refuse, web3Disabled } from './disabled.ts';
import { authJson, errors } from './errors.ts';
import { pkceGrant } from './flow-state.ts';
import { idTokenGrant } from './google.ts';
import { passwordGrant } from './passwords.ts';
import { logout, refreshGrant } from './sessions.ts';

/**
 * The paths of Supabase Auth's API that @supabase/auth-js 2.119 calls, and who answers
 * them (disabled.ts: the features this service does not offer, answered as turned off).
 * An unknown path is 404 `not_found`, a known path with another method 405.
 */

type Handler = (deps: AuthDeps, call: AuthCall) => Promise<Response> | Response;

const grants: Record<string, Handler> = {
  password: async (deps, call) => {
    const { session, deviceCookie } = await passwordGrant(deps, call);
    return authJson(session, { headers: { 'set-cookie': deviceCookie } });
  },
  refresh_token: async (deps, call) => authJson(await refreshGrant(deps, call)),
  pkce: async (deps, call) => authJson(await pkceGrant(deps, call)),
  id_token: async (deps, call) => authJson(await idTokenGrant(deps, call)),
  web3: refuse(web3Disabled),
};

const token: Handler = (deps, call) => {
  const grant = grants[call.url.searchParams.get('grant_type') ?? ''];
  if (!grant) throw errors.unsupportedGrant();
  return grant(deps, call);
};

const jwks: Handler = async (deps) => {
  const key = await deps.signingKey();
  return authJson({ keys: [key.publicJwk] }, { headers: { 'cache-control': 'public, max-age=600' } });
};

const settings: Handler = (deps) =>
  authJson({
    external: { email: true, phone: false, google: deps.google.clientIds.length > 0, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: deps.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });

const health: Handler = () =>
  authJson({ name: 'GoTrue', version: 'critical-hit-local', description: 'Local Supabase Auth-compatible service' });

const ROUTES: Record<string, Partial<Record<string, Handler>>> = {
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/recover': { POST: recover },
  '/verify': { GET: verifyGet, POST: verifyPost },
  '/.well-known/jwks.json': { GET: jwks },
  '/settings': { GET: settings },
  '/health': { GET: health },
};

export function route(deps: AuthDeps, call: AuthCall): Promise<Response> | Response {
  const path = call.url.pathname.replace(/^.*?\/auth\/v1/, '').replace(/\/+$/, '') || '/';
  const methods = Object.hasOwn(ROUTES, path)
    ? ROUTES[path]
    : DISABLED_ROUTES.find(([pattern]) => pattern.test(path))?.[1];
  if (!methods) throw errors.notFound();
  const handler = methods[call.request.method.toUpperCase()];
  if (!handler) throw errors.methodNotAllowed();
  return handler(deps, call);
}
