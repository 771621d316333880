import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import {
  checkUsername,
  createProfileForUser,
  deleteAccount,
  emailForUsername,
  getProfile,
  getUserTier,
  updateProfile,
  UsernameAlreadySetError,
  UsernameTakenError,
} from '../../src/lib/auth/profiles.server.ts';
import type { AuthUser, MeResponse } from '../../src/lib/auth/types.ts';
import {
  createProfileSchema,
  isEmailIdentifier,
  MESSAGES,
  profileUpdateSchema,
  signInSchema,
} from '../../src/lib/auth/validation.ts';
import { apiError, json } from '../http.ts';

/**
 * The site's account API. Handlers take the request plus what the route
 * knows (the verified user from the middleware, the database, the per-request supabase
 * client) and answer JSON, errors as { error: { code, message } }.
 */

type Db = Kysely<Database>;

export interface AccountContext {
  user: AuthUser | null;
  db: () => Promise<Db>;
}

const notSignedIn = () => apiError(401, 'not_authenticated', 'Auth session missing!');

async function readBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** GET /api/auth/check-username?username= -> { available, message } */
export async function handleCheckUsername(request: Request, context: AccountContext): Promise<Response> {
  const username = new URL(request.url).searchParams.get('username') ?? '';
  return json(await checkUsername(await context.db(), username));
}

/**
 * POST /api/auth/create-profile with { user: { id, email }, profile: { username, full_name, email } }.
 * Only for the caller's own session: another user's id is refused with 403.
 */
export async function handleCreateProfile(request: Request, context: AccountContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const parsed = createProfileSchema.safeParse(await readBody(request));
  if (!parsed.success)
    return apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? MESSAGES.failedToCreateProfile);
  if (parsed.data.user.id !== context.user.id) {
    return apiError(403, 'forbidden', 'You can only create your own profile.');
  }
  try {
    const profile = await createProfileForUser(await context.db(), context.user.id, {
      username: parsed.data.profile.username,
      full_name: parsed.data.profile.full_name,
    });
    return json({ profile }, { status: 201 });
  } catch (error) {
    if (error instanceof UsernameTakenError) return apiError(409, 'username_taken', MESSAGES.usernameTakenLong);
    if (error instanceof UsernameAlreadySetError) return apiError(409, 'profile_exists', error.message);
    if ((error as { code?: string }).code === '23514') {
      return apiError(400, 'validation_failed', 'This username is reserved and cannot be used');
    }
    throw error;
  }
}

/** GET /api/auth/me -> { user, profile, tier } (free and nulls when signed out). */
export async function handleMe(_request: Request, context: AccountContext): Promise<Response> {
  const { user } = context;
  if (!user) return json({ user: null, profile: null, tier: 'free' } satisfies MeResponse);
  const db = await context.db();
  const [profile, tier] = await Promise.all([getProfile(db, user.id), getUserTier(db, user.id)]);
  return json({
    user: { id: user.id, email: user.email, provider: user.provider },
    profile,
    tier,
  } satisfies MeResponse);
}

export interface PasswordSignIn {
  (
    email: string,
    password: string,
  ): Promise<{
    error: { status?: number; code?: string; message: string; retryAfterSeconds?: number | undefined } | null;
    user: { id: string } | null;
  }>;
}

/** Longest identifier worth looking up: an email (RFC 5321) or a username (20). */
const IDENTIFIER_MAX = 254;
const PASSWORD_MAX = 1024;

/**
 * The address an unknown username signs in as: one that no account can have (the local
 * auth service refuses the reserved `.invalid` domain, which can receive no mail), derived
 * from the username so its failed attempts are throttled as one account's are.
 */
function unknownUsernameAddress(username: string): string {
  return `unknown-${createHash('sha256').update(username.trim().toLowerCase()).digest('hex').slice(0, 32)}@username.invalid`;
}

/**
 * POST /api/auth/sign-in { identifier, password }: signing in by username happens here,
 * on the server, so the account's email never reaches the browser before the password is
 * right. The session cookies are set on this response by the server's supabase client.
 * An unknown username takes the very path of a wrong password (the auth service compares
 * against a dummy hash and counts the attempt in the same limits), so neither the answer,
 * nor its time, nor a 429 tells which usernames exist.
 */
export async function handleSignIn(
  request: Request,
  context: Pick<AccountContext, 'db'> & { signIn: PasswordSignIn },
): Promise<Response> {
  const body = await readBody(request);
  const bounded = body as { identifier?: unknown; password?: unknown } | undefined;
  if (
    (typeof bounded?.identifier === 'string' && bounded.identifier.length > IDENTIFIER_MAX) ||
    (typeof bounded?.password === 'string' && bounded.password.length > PASSWORD_MAX)
  ) {
    return apiError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success)
    return apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? MESSAGES.emailAndPasswordRequired);
  const { identifier, password } = parsed.data;
  const email = isEmailIdentifier(identifier) ? identifier : await emailForUsername(await context.db(), identifier);
  const result = await context.signIn(email ?? unknownUsernameAddress(identifier), password);
  if (result.error) {
    const { error } = result;
    if (error.code === 'invalid_credentials') return apiError(400, 'invalid_credentials', 'Invalid login credentials');
    if (error.status === 429) {
      const retryAfter = String(error.retryAfterSeconds ?? 60);
      return apiError(429, error.code ?? 'over_request_rate_limit', MESSAGES.tooManyAttempts, {
        headers: { 'Retry-After': retryAfter },
      });
    }
    const status = error.status && error.status >= 400 ? error.status : 500;
    return apiError(status, error.code ?? 'sign_in_failed', status >= 500 ? MESSAGES.serverError : error.message);
  }
  if (!result.user) return apiError(400, 'invalid_credentials', 'Invalid login credentials');
  return json({ user: { id: result.user.id } });
}

/** PATCH /api/profile { full_name, bio, avatar_url } */
export async function handleUpdateProfile(request: Request, context: AccountContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const parsed = profileUpdateSchema.safeParse(await readBody(request));
  if (!parsed.success)
    return apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? MESSAGES.unexpectedError);
  const profile = await updateProfile(await context.db(), context.user.id, parsed.data);
  if (!profile) return apiError(404, 'profile_not_found', MESSAGES.failedToCreateProfile);
  return json({ profile });
}

/** DELETE /api/account { confirm: "DELETE" }: removes the account and everything cascading from it. */
export async function handleDeleteAccount(
  request: Request,
  context: AccountContext & { signOut: () => Promise<void>; cancelBilling?: (userId: string) => Promise<void> },
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const body = (await readBody(request)) as { confirm?: unknown } | undefined;
  if (body?.confirm !== 'DELETE') return apiError(400, 'confirmation_required', 'Type DELETE to confirm.');
  // A paid subscription ends first; if that fails the account stays, so nobody pays for a deleted one.
  try {
    await context.cancelBilling?.(context.user.id);
  } catch {
    return apiError(
      502,
      'subscription_not_cancelled',
      'We could not cancel your subscription, so your account was not deleted. Please try again.',
    );
  }
  await deleteAccount(await context.db(), context.user.id);
  await context.signOut();
  return json({ deleted: true });
}
