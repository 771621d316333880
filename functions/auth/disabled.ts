import type { AuthCall, AuthDeps } from './context.ts';
import { AuthError } from './errors.ts';
import { readBody, schemas } from './requests.ts';
import { requireUser } from './sessions.ts';

/**
 * Features of Supabase Auth this service does not offer (SAML SSO, manual identity linking,
 * MFA factors, Web3 sign-in), answered as Supabase Auth answers when they are turned off:
 * auth-js then reports the same error it would from a hosted project with them off, instead
 * of a bare 404. Routes that Supabase Auth puts behind a signed-in user check that first.
 */

type Handler = (deps: AuthDeps, call: AuthCall) => Promise<Response> | Response;

const samlDisabled = () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
const manualLinkingDisabled = () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
export const web3Disabled = () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');

const FACTOR_NAMES: Record<string, string> = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' };

export const refuse = (refusal: () => AuthError) => (): never => {
  throw refusal();
};

const signedIn =
  (refusal: (call: AuthCall) => AuthError | Promise<AuthError>): Handler =>
  async (deps, call) => {
    await requireUser(deps, await deps.db(), call);
    throw await refusal(call);
  };

const enrollFactor = signedIn(async (call) => {
  const { factor_type: type } = await readBody(call.request, schemas.factor);
  const name = type && Object.hasOwn(FACTOR_NAMES, type) ? FACTOR_NAMES[type] : undefined;
  if (!name) return new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  return new AuthError(422, `mfa_${type}_enroll_not_enabled`, `MFA enroll is disabled for ${name}`);
});

// No user has a factor: every factor id names none.
const factorNotFound = signedIn(() => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'));

/** Path pattern (below /auth/v1) -> method -> handler. */
export const DISABLED_ROUTES: ReadonlyArray<readonly [RegExp, Partial<Record<string, Handler>>]> = [
  [/^\/sso(\/.*)?$/, { GET: refuse(samlDisabled), POST: refuse(samlDisabled) }],
  [/^\/user\/identities\/authorize$/, { GET: signedIn(manualLinkingDisabled) }],
  [/^\/user\/identities\/[^/]+$/, { DELETE: signedIn(manualLinkingDisabled) }],
  [/^\/factors$/, { POST: enrollFactor }],
  [/^\/factors\/[^/]+$/, { DELETE: factorNotFound }],
  [/^\/factors\/[^/]+\/(verify|challenge)$/, { POST: factorNotFound }],
];
