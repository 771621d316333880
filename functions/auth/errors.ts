/**
 * Errors of the local auth service, in Supabase Auth's wire format: with the request
 * header `X-Supabase-Api-Version: 2024-01-01` (auth-js always sends it) the body is
 * `{ code, message }`, otherwise the legacy `{ code: <status>, error_code, msg }`. Every
 * response carries `X-Supabase-Api-Version: 2024-01-01`, which tells auth-js to read
 * `code` (so it can raise AuthWeakPasswordError, AuthSessionMissingError and friends).
 */

export const API_VERSION = '2024-01-01';
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  /** Sent as `Retry-After` (seconds): every 429 and 503 says when to try again. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    status: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.retryAfterSeconds = retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  [API_VERSION_HEADER]: API_VERSION,
};

export function authJson(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), { ...init, headers: { ...BASE_HEADERS, ...init.headers } });
}

function wantsVersionedErrors(request: Request): boolean {
  const version = request.headers.get(API_VERSION_HEADER);
  return typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION;
}

export function authErrorResponse(request: Request, error: AuthError, headers: Record<string, string> = {}): Response {
  const body = wantsVersionedErrors(request)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  const retry: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return authJson(body, { status: error.status, headers: { ...retry, ...headers } });
}

/** The seconds a client waits after a database outage before trying again. */
const OUTAGE_RETRY_SECONDS = 30;

// The errors the service raises, with Supabase Auth's codes, statuses and messages.
export const errors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  invalidEmail: () => new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  passwordTooLong: (max: number) =>
    new AuthError(422, 'validation_failed', `Password cannot be longer than ${max} characters`),
  rateLimited: (retryAfterSeconds: number) =>
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, retryAfterSeconds),
  emailRateLimited: (retryAfterSeconds: number) =>
    new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded', {}, retryAfterSeconds),
  emailTooSoon: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.max(1, Math.ceil(seconds))} seconds.`,
      {},
      seconds,
    ),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  flowStateNotFound: () => new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () =>
    new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  providerDisabled: (issuer: string) =>
    new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`),
  badIdToken: (detail = 'Bad ID token') => new AuthError(400, 'bad_oauth_callback', detail),
  signupDatabaseError: () => new AuthError(500, 'unexpected_failure', 'Database error saving new user'),
  /** Supabase's answers when an email cannot be handed to the mail server; nothing was kept. */
  mailError: (what: 'confirmation' | 'email change') =>
    new AuthError(500, 'unexpected_failure', `Error sending ${what} email`),
  databaseUnavailable: () =>
    new AuthError(
      503,
      'database_unavailable',
      'The database cannot be reached right now. Please try again in a few moments.',
      {},
      OUTAGE_RETRY_SECONDS,
    ),
  // GoTrue's answer to a request that ran out of time, and to a provider it could not reach.
  requestTimeout: () =>
    new AuthError(504, 'request_timeout', 'Processing this request timed out, please retry after a moment.'),
  providerUnreachable: () =>
    new AuthError(
      502,
      'unexpected_failure',
      'The identity provider could not be reached, please retry after a moment.',
    ),
  unexpected: () =>
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  unsupportedGrant: () => new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type'),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  anonymousDisabled: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  phoneDisabled: () => new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled'),
};
