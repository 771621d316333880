import { z } from 'zod';
import { BIO_MAX, FULL_NAME_MAX, MESSAGES, USERNAME_MAX, usernameSchema } from '../../src/lib/auth/validation.ts';
import { BAD_TEXT_MESSAGE, carriesNul, decodeUtf8 } from '../../src/lib/http/request-text.ts';
import { AuthError, errors } from './errors.ts';

/**
 * What each endpoint accepts, as zod schemas with a maximum on every field, and the error
 * each refusal answers in Supabase's shapes: a field of the wrong type is `bad_json` (as
 * Supabase's JSON decoding answers), an over-long or malformed email
 * `email_address_invalid`, a bad metadata value `validation_failed` with the spec's
 * message. Unknown fields are ignored, as Supabase ignores them. User metadata is bounded
 * before the database sees it: it travels in every access token, and a token too big for
 * a response header would lock its owner out.
 */

/** RFC 5321's longest forward path; auth.users.email is varchar(255). */
export const EMAIL_MAX = 254;
/** bcrypt reads 72 bytes; a longer new password would be silently cut (Supabase refuses it too). */
export const PASSWORD_MAX_BYTES = 72;
/** Sign-in compares whatever was typed, but not megabytes of it. */
const PASSWORD_INPUT_MAX = 1024;
export const METADATA_MAX_BYTES = 2048;
const TOKEN_MAX = 512;
const ID_TOKEN_MAX = 16 * 1024;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Each refusal is registered under a unique message so that the first issue zod reports
// can be turned back into the AuthError it stands for.
const refusals = new Map<string, () => AuthError>();
function refuse(factory: () => AuthError): string {
  const key = `auth-refusal-${refusals.size}`;
  refusals.set(key, factory);
  return key;
}

const INVALID_EMAIL = refuse(errors.invalidEmail);
const PASSWORD_TOO_LONG = refuse(() => errors.passwordTooLong(PASSWORD_MAX_BYTES));
const REFRESH_TOKEN_NOT_FOUND = refuse(errors.refreshTokenNotFound);
const BAD_CHALLENGE = refuse(() => errors.validation('code challenge has to be between 43 and 128 characters'));
const BAD_CHALLENGE_METHOD = refuse(() => errors.validation('Unsupported code_challenge_method'));
const TOKEN_TOO_LONG = refuse(() => errors.validation('Token is too long'));
const BAD_ID_TOKEN = refuse(() => errors.badIdToken());

const text = (max: number, refusal: string) => z.string().max(max, refusal);
/** auth-js sends absent values as null (e.g. no code challenge outside PKCE): null is absent. */
const opt = <S extends z.ZodType>(schema: S) => schema.nullish().transform((value) => value ?? undefined);
// Checked for length first (and stopped there): a megabyte of input never reaches the pattern.
// The reserved `.invalid` domain (RFC 6761) can receive no mail: no account may use it, so the
// site can sign unknown usernames in against such an address (functions/account/handlers.ts).
const email = z
  .string()
  .max(EMAIL_MAX, { error: INVALID_EMAIL, abort: true })
  .trim()
  .toLowerCase()
  .regex(EMAIL_SHAPE, INVALID_EMAIL)
  .refine((value) => !value.endsWith('.invalid'), INVALID_EMAIL);
const newPassword = z.string().refine((value) => Buffer.byteLength(value) <= PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG);
const pkce = {
  code_challenge: opt(z.string().min(43, BAD_CHALLENGE).max(128, BAD_CHALLENGE)),
  code_challenge_method: opt(
    z
      .string()
      .max(16, BAD_CHALLENGE_METHOD)
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(['s256', 'plain'], BAD_CHALLENGE_METHOD)),
  ),
};

/** User metadata as the database may keep it: known keys within the spec's limits, 2 KB in all. */
export function checkMetadata(data: Record<string, unknown>): AuthError | null {
  const limits: [key: string, max: number, message: string][] = [
    ['username', USERNAME_MAX, MESSAGES.usernameTooLong],
    ['full_name', FULL_NAME_MAX, MESSAGES.fullNameTooLong],
    ['bio', BIO_MAX, MESSAGES.bioTooLong],
  ];
  for (const [key, max, message] of limits) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return errors.validation(`${key} must be text`);
    if (value.length > max) return errors.validation(message);
  }
  if (Buffer.byteLength(JSON.stringify(data)) > METADATA_MAX_BYTES) {
    return errors.validation(`User metadata must be at most ${METADATA_MAX_BYTES} bytes`);
  }
  return null;
}

/** A username chosen at sign-up follows the site's rules (length, characters, reserved names). */
export function checkSignupUsername(data: Record<string, unknown>): AuthError | null {
  if (data.username === undefined || data.username === null) return null;
  const result = usernameSchema.safeParse(data.username);
  return result.success ? null : errors.validation(result.error.issues[0]?.message ?? MESSAGES.usernameCharacters);
}

const metadata = z.record(z.string(), z.unknown());

export const schemas = {
  signup: z.object({
    email: opt(email),
    phone: opt(z.unknown()),
    password: opt(newPassword),
    data: opt(metadata),
    ...pkce,
  }),
  password: z.object({
    email: opt(z.string().max(EMAIL_MAX, INVALID_EMAIL)),
    phone: opt(z.unknown()),
    password: opt(z.string().max(PASSWORD_INPUT_MAX, refuse(errors.invalidCredentials))),
  }),
  refresh: z.object({ refresh_token: opt(text(TOKEN_MAX, REFRESH_TOKEN_NOT_FOUND)) }),
  pkce: z.object({
    auth_code: opt(text(TOKEN_MAX, TOKEN_TOO_LONG)),
    code_verifier: opt(text(TOKEN_MAX, TOKEN_TOO_LONG)),
  }),
  idToken: z.object({
    provider: opt(text(64, BAD_ID_TOKEN)),
    id_token: opt(text(ID_TOKEN_MAX, BAD_ID_TOKEN)),
    nonce: opt(text(TOKEN_MAX, TOKEN_TOO_LONG)),
  }),
  updateUser: z.object({ email: opt(email), password: opt(newPassword), data: opt(metadata), ...pkce }),
  recover: z.object({ email: opt(email), ...pkce }),
  factor: z.object({ factor_type: opt(text(32, TOKEN_TOO_LONG)) }),
  verify: z.object({
    type: opt(text(32, TOKEN_TOO_LONG)),
    token: opt(text(TOKEN_MAX, TOKEN_TOO_LONG)),
    token_hash: opt(text(TOKEN_MAX, TOKEN_TOO_LONG)),
  }),
};

/** The AuthError for the first problem zod found. */
function refusalFor(error: z.ZodError): AuthError {
  const issue = error.issues[0];
  const factory = issue && refusals.get(issue.message);
  if (factory) return factory();
  return errors.badJson();
}

/**
 * The request's JSON body (empty means {}) checked against `schema`. Bytes that are not
 * UTF-8, or a NUL character anywhere (PostgreSQL text cannot hold one), are refused first.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const raw = decodeUtf8(new Uint8Array(await request.arrayBuffer()));
  if (raw === null || carriesNul(raw)) throw errors.validation(BAD_TEXT_MESSAGE);
  let value: unknown = {};
  if (raw.trim()) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw errors.badJson();
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw errors.badJson();
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw refusalFor(parsed.error);
  return parsed.data;
}

/** A query parameter, bounded like a body field (a longer value counts as absent). */
export function queryParam(url: URL, name: string, max = 2048): string | null {
  const value = url.searchParams.get(name);
  return value !== null && value.length <= max ? value : null;
}
