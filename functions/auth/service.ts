import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import bcrypt from 'bcryptjs';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isDatabaseUnavailable } from '../../src/lib/db/errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from '../../src/lib/http/route-errors.ts';
import { AuthError, authErrorResponse, authJson, errors } from './errors.ts';
import type { SigningKey } from './keys.ts';
import type { Mailer } from './mailer.ts';
import { EMAIL_MAX_FREQUENCY_SECONDS, RateLimiter } from './rate-limit.ts';
import { signAccessToken, verifyAccessToken, type AccessTokenClaims } from './tokens.ts';

/**
 * The local Supabase-Auth-compatible service (embedded and self-hosted modes), answering
 * what @supabase/auth-js 2.119 sends to `<origin>/auth/v1`: signup, token (password,
 * refresh_token, pkce, id_token), user GET/PUT, logout, recover, verify GET/POST and the
 * JWKS. Request -> Response, so it is tested directly and mounted by one Astro endpoint.
 *
 * Never logged: request bodies, passwords, tokens, links carrying tokens.
 */

type Db = Kysely<any>;
type Trx = Transaction<any>;

export interface AuthServiceOptions {
  db: () => Promise<Db>;
  signingKey: () => Promise<SigningKey>;
  mailer: Mailer;
  /** Public origin for links and the `iss` claim; defaults to the request's origin. */
  siteUrl?: string | undefined;
  /** Google OAuth client ids accepted as the `aud` of Google ID tokens; none disables Google. */
  googleClientIds?: string[];
  googleJwksUrl?: string;
  /** Replaces the Google key set (tests). */
  googleKeys?: JWTVerifyGetKey;
  rateLimiter?: RateLimiter;
  now?: () => number;
  siteName?: string;
  passwordMinLength?: number;
}

export interface AuthRequestContext {
  /** The client's address, for per-IP rate limits. */
  clientAddress?: string | undefined;
}

const BCRYPT_COST = 10;
const EMAIL_LINK_TTL_SECONDS = 3600;
const FLOW_STATE_TTL_SECONDS = 300;
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
// A bcrypt hash of a random string: comparing against it when the user does not exist
// makes "no such user" take as long as "wrong password".
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), BCRYPT_COST));

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

type EmailLinkType = 'signup' | 'recovery' | 'email_change';

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');
const normaliseEmail = (email: string) => email.trim().toLowerCase();
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.badJson();
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export function createAuthService(options: AuthServiceOptions) {
  const now = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  const limiter = options.rateLimiter ?? new RateLimiter({}, now);
  const passwordMin = options.passwordMinLength ?? 8;
  const googleClientIds = (options.googleClientIds ?? []).filter(Boolean);
  let googleKeys: JWTVerifyGetKey | undefined = options.googleKeys;
  const siteName = options.siteName ?? 'Critical Hit';

  const originOf = (request: Request) => (options.siteUrl ? new URL(options.siteUrl).origin : new URL(request.url).origin);
  const issuerOf = (request: Request) => `${originOf(request)}/auth/v1`;

  /** redirect_to is honoured only on the site's own origin (no open redirect). */
  function allowedRedirect(request: Request, value: string | null | undefined): string {
    const origin = originOf(request);
    if (value) {
      try {
        const url = new URL(value, origin);
        if (url.origin === origin || url.origin === new URL(request.url).origin) return url.href;
      } catch {
        // fall through to the site's root
      }
    }
    return `${origin}/`;
  }

  function rateLimit(name: Parameters<RateLimiter['take']>[0], context: AuthRequestContext): void {
    if (!limiter.take(name, context.clientAddress ?? 'unknown')) throw errors.rateLimited();
  }

  async function findUserByEmail(db: Db | Trx, email: string): Promise<UserRow | undefined> {
    const result = await sql<UserRow>`
      select * from auth.users where lower(email) = ${normaliseEmail(email)} and is_sso_user = false and deleted_at is null
    `.execute(db);
    return result.rows[0];
  }

  async function findUserById(db: Db | Trx, id: string): Promise<UserRow | undefined> {
    const result = await sql<UserRow>`select * from auth.users where id = ${id} and deleted_at is null`.execute(db);
    return result.rows[0];
  }

  async function identitiesOf(db: Db | Trx, userId: string): Promise<IdentityRow[]> {
    const result = await sql<IdentityRow>`
      select * from auth.identities where user_id = ${userId} order by created_at
    `.execute(db);
    return result.rows;
  }

  async function userResponse(db: Db | Trx, user: UserRow): Promise<Record<string, unknown>> {
    return userJson(user, await identitiesOf(db, user.id));
  }

  async function issueSession(
    trx: Trx,
    request: Request,
    context: AuthRequestContext,
    user: UserRow,
    method: string,
  ): Promise<Record<string, unknown>> {
    const sessionId = randomUUID();
    const at = new Date(now());
    const ip = context.clientAddress && isIP(context.clientAddress) ? context.clientAddress : null;
    await sql`
      insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, tag)
      values (${sessionId}, ${user.id}, ${at}, ${at}, 'aal1', ${request.headers.get('user-agent')}, ${ip}::inet, ${`amr:${method}`})
    `.execute(trx);
    const refreshToken = randomToken();
    await sql`
      insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
      values (${INSTANCE_ID}, ${refreshToken}, ${user.id}, false, ${at}, ${at}, null, ${sessionId})
    `.execute(trx);
    await sql`update auth.users set last_sign_in_at = ${at}, updated_at = ${at} where id = ${user.id}`.execute(trx);
    const fresh = (await findUserById(trx, user.id)) ?? user;
    return sessionJson(trx, request, fresh, { id: sessionId, method, authenticatedAt: nowSeconds() }, refreshToken);
  }

  async function sessionJson(
    db: Db | Trx,
    request: Request,
    user: UserRow,
    session: { id: string; method: string; authenticatedAt: number },
    refreshToken: string,
  ): Promise<Record<string, unknown>> {
    const key = await options.signingKey();
    const issued = nowSeconds();
    const { token, expiresAt } = await signAccessToken(key, issuerOf(request), user, session, issued);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresAt - issued,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: await userResponse(db, user),
    };
  }

  async function sendMail(to: string, kind: EmailLinkType, link: string, detail: { from?: string } = {}): Promise<void> {
    const templates = {
      signup: {
        subject: 'Confirm Your Signup',
        heading: 'Confirm your signup',
        text: `Follow this link to confirm your ${siteName} account:`,
        label: 'Confirm your mail',
      },
      recovery: {
        subject: 'Reset Your Password',
        heading: 'Reset Password',
        text: `Follow this link to reset the password of your ${siteName} account:`,
        label: 'Reset Password',
      },
      email_change: {
        subject: 'Confirm Email Change',
        heading: 'Confirm Change of Email',
        text: `Follow this link to confirm the update of your email from ${detail.from ?? ''} to ${to}:`,
        label: 'Change Email',
      },
    } as const;
    const template = templates[kind];
    const escape = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
    const escaped = escape(link);
    await options.mailer.send({
      to,
      subject: template.subject,
      text: `${template.heading}\n\n${template.text}\n${link}\n`,
      html: `<h2>${template.heading}</h2>\n<p>${escape(template.text)}</p>\n<p><a href="${escaped}">${template.label}</a></p>`,
    });
  }

  function checkEmailQuota(): void {
    if (!limiter.take('emailSent', 'service')) throw errors.emailRateLimited();
  }

  function checkEmailFrequency(lastSent: Date | null): void {
    if (!lastSent) return;
    const elapsed = (now() - new Date(lastSent).getTime()) / 1000;
    if (elapsed < EMAIL_MAX_FREQUENCY_SECONDS) throw errors.emailTooSoon(Math.ceil(EMAIL_MAX_FREQUENCY_SECONDS - elapsed));
  }

  function verifyLink(request: Request, token: string, type: EmailLinkType, redirectTo: string): string {
    const url = new URL(`${originOf(request)}/auth/v1/verify`);
    url.searchParams.set('token', token);
    url.searchParams.set('type', type);
    url.searchParams.set('redirect_to', redirectTo);
    return url.href;
  }

  async function createFlowState(
    trx: Trx,
    userId: string,
    body: Record<string, unknown>,
    method: 'email/signup' | 'recovery' | 'email_change',
  ): Promise<void> {
    const challenge = str(body.code_challenge);
    if (!challenge) return;
    const challengeMethod = (str(body.code_challenge_method) ?? 'plain').toLowerCase();
    if (challengeMethod !== 's256' && challengeMethod !== 'plain') throw errors.validation('Unsupported code_challenge_method');
    // One pending flow per user and purpose: a newer email link replaces the older flow.
    await sql`delete from auth.flow_state where user_id = ${userId} and authentication_method = ${method}`.execute(trx);
    const at = new Date(now());
    await sql`
      insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                   created_at, updated_at, authentication_method)
      values (${randomUUID()}, ${userId}, ${randomUUID()}, ${challengeMethod}::auth.code_challenge_method, ${challenge},
              'email', ${at}, ${at}, ${method})
    `.execute(trx);
  }

  async function bearerClaims(request: Request): Promise<AccessTokenClaims> {
    const header = request.headers.get('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw errors.noAuthorization();
    try {
      return await verifyAccessToken(await options.signingKey(), match[1].trim(), nowSeconds());
    } catch (error) {
      throw errors.badJwt((error as Error).message || 'invalid token');
    }
  }

  /** The signed-in user behind the request's access token, with a live session. */
  async function requireUser(db: Db | Trx, request: Request): Promise<{ user: UserRow; claims: AccessTokenClaims }> {
    const claims = await bearerClaims(request);
    const session = await sql`select 1 from auth.sessions where id = ${claims.session_id}`.execute(db);
    if (session.rows.length === 0) throw errors.sessionNotFound();
    const user = await findUserById(db, claims.sub);
    if (!user) throw errors.userNotFound();
    return { user, claims };
  }

  // --- endpoints ---------------------------------------------------------------------

  async function signup(request: Request, context: AuthRequestContext): Promise<Response> {
    rateLimit('signInSignUps', context);
    const body = await readJson(request);
    if (body.phone !== undefined && body.email === undefined) throw errors.phoneDisabled();
    const rawEmail = str(body.email);
    const password = str(body.password) ?? '';
    if (!rawEmail) throw errors.anonymousDisabled();
    const email = normaliseEmail(rawEmail);
    if (!EMAIL_SHAPE.test(email)) throw errors.invalidEmail();
    if (password.length < passwordMin) throw errors.weakPassword(passwordMin);
    const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {};
    const redirectTo = allowedRedirect(request, new URL(request.url).searchParams.get('redirect_to'));
    const db = await options.db();

    // An address that already has an account, confirmed or not, is refused (the answer
    // Supabase gives with auto-confirm): people learn they already have an account, and an
    // unconfirmed one is completed through "Forgot password?" (a recovery link confirms too).
    if (await findUserByEmail(db, email)) throw errors.userAlreadyExists();

    const hash = await bcrypt.hash(password, BCRYPT_COST);
    const token = randomToken();
    const at = new Date(now());
    let userId: string;
    try {
      userId = await db.transaction().execute(async (trx) => {
        const id = randomUUID();
        const appMeta = { provider: 'email', providers: ['email'] };
        await sql`
          insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token,
                                  confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                                  is_sso_user, is_anonymous)
          values (${INSTANCE_ID}, ${id}, 'authenticated', 'authenticated', ${email}, ${hash}, ${sha256(token)}, ${at},
                  ${JSON.stringify(appMeta)}::jsonb, ${JSON.stringify(data)}::jsonb, ${at}, ${at}, false, false)
        `.execute(trx);
        const identityData = { sub: id, email, email_verified: false, phone_verified: false };
        await sql`
          insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
          values (${id}, ${id}, ${JSON.stringify(identityData)}::jsonb, 'email', ${at}, ${at}, ${at})
        `.execute(trx);
        await createFlowState(trx, id, body, 'email/signup');
        checkEmailQuota();
        await sendMail(email, 'signup', verifyLink(request, token, 'signup', redirectTo));
        return id;
      });
    } catch (error) {
      if (error instanceof AuthError || isDatabaseUnavailable(error)) throw error;
      if (isUniqueViolation(error) && /users_email/.test(String((error as { constraint?: string }).constraint))) {
        throw errors.userAlreadyExists();
      }
      // The profile trigger refused the metadata (a taken or reserved username): nothing was saved.
      console.error(`[auth] signup failed and was rolled back: ${(error as Error).message}`);
      throw errors.signupDatabaseError();
    }
    const user = await findUserById(db, userId);
    return authJson(await userResponse(db, user!));
  }

  async function passwordGrant(request: Request, context: AuthRequestContext): Promise<Response> {
    rateLimit('signInSignUps', context);
    const body = await readJson(request);
    if (body.phone !== undefined && body.email === undefined) throw errors.phoneDisabled();
    const email = str(body.email);
    const password = str(body.password) ?? '';
    if (!email) throw errors.validation('missing email or phone');
    const db = await options.db();
    const user = await findUserByEmail(db, email);
    const ok = await bcrypt.compare(password, user?.encrypted_password || (await getDummyHash()));
    if (!user || !user.encrypted_password || !ok || !password) throw errors.invalidCredentials();
    if (user.banned_until && new Date(user.banned_until).getTime() > now()) throw errors.userBanned();
    if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
    const session = await db.transaction().execute((trx) => issueSession(trx, request, context, user, 'password'));
    return authJson(session);
  }

  async function refreshGrant(request: Request, context: AuthRequestContext): Promise<Response> {
    rateLimit('tokenRefresh', context);
    const body = await readJson(request);
    const presented = str(body.refresh_token);
    if (!presented) throw errors.refreshTokenNotFound();
    const db = await options.db();
    const outcome = await db.transaction().execute(async (trx) => {
      const found = await sql<{ id: string; token: string; user_id: string; revoked: boolean; session_id: string | null }>`
        select id, token, user_id, revoked, session_id from auth.refresh_tokens where token = ${presented} for update
      `.execute(trx);
      const row = found.rows[0];
      if (!row || !row.session_id) return { error: errors.refreshTokenNotFound() };
      const session = (
        await sql<{ id: string; created_at: Date; tag: string | null }>`
          select id, created_at, tag from auth.sessions where id = ${row.session_id} for update
        `.execute(trx)
      ).rows[0];
      if (!session) return { error: errors.refreshTokenNotFound() };
      const user = await findUserById(trx, row.user_id);
      if (!user) return { error: errors.refreshTokenNotFound() };
      const method = session.tag?.startsWith('amr:') ? session.tag.slice(4) : 'password';
      const sessionInfo = { id: session.id, method, authenticatedAt: Math.floor(new Date(session.created_at).getTime() / 1000) };
      const at = new Date(now());

      if (row.revoked) {
        // A refresh token used again after rotation: it may have been stolen. Revoke the
        // whole session (its refresh tokens go with it), so neither copy works any more.
        await sql`delete from auth.sessions where id = ${session.id}`.execute(trx);
        console.warn(`[auth] refresh token reuse detected: session ${session.id} of user ${user.id} revoked`);
        return { error: errors.refreshTokenAlreadyUsed() };
      }
      await sql`update auth.refresh_tokens set revoked = true, updated_at = ${at} where id = ${row.id}`.execute(trx);
      const next = randomToken();
      await sql`
        insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
        values (${INSTANCE_ID}, ${next}, ${user.id}, false, ${at}, ${at}, ${row.token}, ${session.id})
      `.execute(trx);
      await sql`update auth.sessions set refreshed_at = ${at}, updated_at = ${at} where id = ${session.id}`.execute(trx);
      return { session: await sessionJson(trx, request, user, sessionInfo, next) };
    });
    if ('error' in outcome) throw outcome.error;
    return authJson(outcome.session);
  }

  async function pkceGrant(request: Request, context: AuthRequestContext): Promise<Response> {
    rateLimit('signInSignUps', context);
    const body = await readJson(request);
    const authCode = str(body.auth_code);
    const verifier = str(body.code_verifier);
    if (!authCode || !verifier) throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
    const db = await options.db();
    const session = await db.transaction().execute(async (trx) => {
      const flow = (
        await sql<{ id: string; user_id: string | null; code_challenge: string; code_challenge_method: string;
                    authentication_method: string; created_at: Date; auth_code_issued_at: Date | null }>`
          select id, user_id, code_challenge, code_challenge_method, authentication_method, created_at, auth_code_issued_at
          from auth.flow_state where auth_code = ${authCode} for update
        `.execute(trx)
      ).rows[0];
      if (!flow || !flow.user_id || !flow.auth_code_issued_at) throw errors.flowStateNotFound();
      if (now() - new Date(flow.auth_code_issued_at).getTime() > FLOW_STATE_TTL_SECONDS * 1000) {
        await sql`delete from auth.flow_state where id = ${flow.id}`.execute(trx);
        throw errors.flowStateExpired();
      }
      const expected = flow.code_challenge_method === 's256' ? s256(verifier) : verifier;
      if (!constantTimeEqual(expected, flow.code_challenge)) throw errors.badCodeVerifier();
      await sql`delete from auth.flow_state where id = ${flow.id}`.execute(trx);
      const user = await findUserById(trx, flow.user_id);
      if (!user) throw errors.flowStateNotFound();
      const method = flow.authentication_method === 'recovery' ? 'recovery' : flow.authentication_method === 'email_change' ? 'email_change' : 'otp';
      return issueSession(trx, request, context, user, method);
    });
    return authJson(session);
  }

  async function googleVerify(idToken: string): Promise<Record<string, unknown>> {
    if (googleClientIds.length === 0) throw errors.providerDisabled(GOOGLE_ISSUERS[0]!);
    googleKeys ??= createRemoteJWKSet(new URL(options.googleJwksUrl ?? 'https://www.googleapis.com/oauth2/v3/certs'));
    try {
      const { payload } = await jwtVerify(idToken, googleKeys, {
        issuer: GOOGLE_ISSUERS,
        audience: googleClientIds,
        currentDate: new Date(now()),
      });
      return payload as Record<string, unknown>;
    } catch (error) {
      console.warn(`[auth] Google ID token refused: ${(error as Error).message}`);
      throw errors.badIdToken('Bad ID token');
    }
  }

  async function idTokenGrant(request: Request, context: AuthRequestContext): Promise<Response> {
    rateLimit('signInSignUps', context);
    const body = await readJson(request);
    const provider = str(body.provider);
    const idToken = str(body.id_token);
    const nonce = str(body.nonce);
    if (!idToken) throw errors.validation('id_token required');
    if (provider !== 'google' && !GOOGLE_ISSUERS.includes(provider ?? '')) {
      throw errors.validation(`Custom OIDC provider "${provider ?? ''}" not allowed`);
    }
    const claims = await googleVerify(idToken);
    const tokenNonce = str(claims.nonce);
    if (tokenNonce || nonce) {
      if (!tokenNonce || !nonce) throw errors.validation('Passed nonce and nonce in id_token should either both exist or not.');
      if (!constantTimeEqual(sha256(nonce), tokenNonce)) throw errors.validation('Nonces mismatch');
    }
    const sub = str(claims.sub);
    const email = str(claims.email) ? normaliseEmail(str(claims.email)!) : undefined;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!sub) throw errors.badIdToken();
    const db = await options.db();
    const at = new Date(now());
    const identityData = {
      iss: str(claims.iss),
      sub,
      name: str(claims.name),
      full_name: str(claims.name),
      email,
      email_verified: verified,
      phone_verified: false,
      picture: str(claims.picture),
      avatar_url: str(claims.picture),
      provider_id: sub,
    };
    let session: Record<string, unknown>;
    try {
      session = await db.transaction().execute(async (trx) => {
        const identity = (
          await sql<{ user_id: string }>`
            select user_id from auth.identities where provider = 'google' and provider_id = ${sub} for update
          `.execute(trx)
        ).rows[0];
        let user: UserRow | undefined;
        if (identity) {
          user = await findUserById(trx, identity.user_id);
          await sql`
            update auth.identities set identity_data = ${JSON.stringify(identityData)}::jsonb, last_sign_in_at = ${at}, updated_at = ${at}
            where provider = 'google' and provider_id = ${sub}
          `.execute(trx);
        } else {
          // A verified Google email joins the account that already uses it (Supabase's automatic linking).
          user = email && verified ? await findUserByEmail(trx, email) : undefined;
          if (user) {
            const providers = new Set([...(((user.raw_app_meta_data?.providers as string[]) ?? []) as string[]), 'google']);
            await sql`
              update auth.users set raw_app_meta_data = ${JSON.stringify({ ...user.raw_app_meta_data, providers: [...providers] })}::jsonb,
                email_confirmed_at = coalesce(email_confirmed_at, ${at}), updated_at = ${at}
              where id = ${user.id}
            `.execute(trx);
          } else {
            const id = randomUUID();
            const meta = Object.fromEntries(Object.entries(identityData).filter(([, v]) => v !== undefined));
            await sql`
              insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data,
                                      raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
              values (${INSTANCE_ID}, ${id}, 'authenticated', 'authenticated', ${email ?? null}, ${verified ? at : null},
                      ${JSON.stringify({ provider: 'google', providers: ['google'] })}::jsonb, ${JSON.stringify(meta)}::jsonb,
                      ${at}, ${at}, false, false)
            `.execute(trx);
            user = await findUserById(trx, id);
          }
          await sql`
            insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
            values (${sub}, ${user!.id}, ${JSON.stringify(identityData)}::jsonb, 'google', ${at}, ${at}, ${at})
          `.execute(trx);
          user = await findUserById(trx, user!.id);
        }
        if (!user) throw errors.badIdToken();
        if (!user.email_confirmed_at && email) throw errors.emailNotConfirmed();
        return issueSession(trx, request, context, user, 'oauth');
      });
    } catch (error) {
      if (error instanceof AuthError || isDatabaseUnavailable(error)) throw error;
      console.error(`[auth] Google sign-in failed and was rolled back: ${(error as Error).message}`);
      throw errors.signupDatabaseError();
    }
    return authJson(session);
  }

  async function getUser(request: Request): Promise<Response> {
    const db = await options.db();
    const { user } = await requireUser(db, request);
    return authJson(await userResponse(db, user));
  }

  async function updateUser(request: Request, context: AuthRequestContext): Promise<Response> {
    const db = await options.db();
    const { user } = await requireUser(db, request);
    const body = await readJson(request);
    const redirectTo = allowedRedirect(request, new URL(request.url).searchParams.get('redirect_to'));
    const at = new Date(now());

    const password = str(body.password);
    if (password !== undefined) {
      if (password.length < passwordMin) throw errors.weakPassword(passwordMin);
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) throw errors.samePassword();
    }
    const newEmail = str(body.email) !== undefined ? normaliseEmail(str(body.email)!) : undefined;
    if (newEmail !== undefined && !EMAIL_SHAPE.test(newEmail)) throw errors.invalidEmail();
    const emailChanges = newEmail !== undefined && newEmail !== user.email;
    if (emailChanges) {
      const owner = await findUserByEmail(db, newEmail);
      if (owner && owner.id !== user.id) throw errors.emailExists();
      checkEmailFrequency(user.email_change ? user.email_change_sent_at : null);
    }

    await db.transaction().execute(async (trx) => {
      if (password !== undefined) {
        const hash = await bcrypt.hash(password, BCRYPT_COST);
        await sql`update auth.users set encrypted_password = ${hash}, updated_at = ${at} where id = ${user.id}`.execute(trx);
      }
      if (body.data && typeof body.data === 'object' && !Array.isArray(body.data)) {
        const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
        for (const [key, value] of Object.entries(body.data as Record<string, unknown>)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        await sql`update auth.users set raw_user_meta_data = ${JSON.stringify(merged)}::jsonb, updated_at = ${at} where id = ${user.id}`.execute(trx);
      }
      if (emailChanges) {
        const token = randomToken();
        await sql`
          update auth.users set email_change = ${newEmail}, email_change_token_new = ${sha256(token)},
            email_change_sent_at = ${at}, email_change_confirm_status = 0, updated_at = ${at}
          where id = ${user.id}
        `.execute(trx);
        await createFlowState(trx, user.id, body, 'email_change');
        checkEmailQuota();
        await sendMail(newEmail!, 'email_change', verifyLink(request, token, 'email_change', redirectTo), { from: user.email ?? '' });
      }
    });
    void context;
    const fresh = await findUserById(db, user.id);
    return authJson(await userResponse(db, fresh!));
  }

  async function logout(request: Request): Promise<Response> {
    const db = await options.db();
    const { user, claims } = await requireUser(db, request);
    const scope = new URL(request.url).searchParams.get('scope') ?? 'global';
    if (scope === 'local') {
      await sql`delete from auth.sessions where id = ${claims.session_id}`.execute(db);
    } else if (scope === 'others') {
      await sql`delete from auth.sessions where user_id = ${user.id} and id <> ${claims.session_id}`.execute(db);
    } else if (scope === 'global') {
      await sql`delete from auth.sessions where user_id = ${user.id}`.execute(db);
    } else {
      throw errors.validation('Unsupported logout scope');
    }
    return new Response(null, { status: 204, headers: { 'X-Supabase-Api-Version': '2024-01-01', 'cache-control': 'no-store' } });
  }

  async function recover(request: Request, _context: AuthRequestContext): Promise<Response> {
    // Limited by the email quotas (per address and for the service), as Supabase does.
    const body = await readJson(request);
    const rawEmail = str(body.email);
    if (!rawEmail) throw errors.validation('Password recovery requires an email');
    const email = normaliseEmail(rawEmail);
    if (!EMAIL_SHAPE.test(email)) throw errors.invalidEmail();
    const redirectTo = allowedRedirect(request, new URL(request.url).searchParams.get('redirect_to'));
    const db = await options.db();
    const user = await findUserByEmail(db, email);
    // Unknown addresses get the same answer: the endpoint does not reveal who has an account.
    if (!user) return authJson({});
    checkEmailFrequency(user.recovery_sent_at);
    const token = randomToken();
    const at = new Date(now());
    await db.transaction().execute(async (trx) => {
      await sql`
        update auth.users set recovery_token = ${sha256(token)}, recovery_sent_at = ${at}, updated_at = ${at} where id = ${user.id}
      `.execute(trx);
      await createFlowState(trx, user.id, body, 'recovery');
      checkEmailQuota();
      await sendMail(email, 'recovery', verifyLink(request, token, 'recovery', redirectTo));
    });
    return authJson({});
  }

  /** Applies a verification link's token; returns the user, or throws otp_expired. */
  async function applyVerification(trx: Trx, type: string, token: string): Promise<{ user: UserRow; kind: EmailLinkType }> {
    const hash = sha256(token);
    const cutoff = new Date(now() - EMAIL_LINK_TTL_SECONDS * 1000);
    const at = new Date(now());
    let row: UserRow | undefined;
    let kind: EmailLinkType;
    if (type === 'signup' || type === 'email' || type === 'invite' || type === 'magiclink') {
      kind = 'signup';
      row = (await sql<UserRow>`select * from auth.users where confirmation_token = ${hash} for update`.execute(trx)).rows[0];
      if (!row || !row.confirmation_sent_at || new Date(row.confirmation_sent_at) < cutoff) throw errors.otpExpired();
      await sql`
        update auth.users set email_confirmed_at = coalesce(email_confirmed_at, ${at}), confirmation_token = '', updated_at = ${at}
        where id = ${row.id}
      `.execute(trx);
      await sql`
        update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = ${at}
        where user_id = ${row.id} and provider = 'email'
      `.execute(trx);
    } else if (type === 'recovery') {
      kind = 'recovery';
      row = (await sql<UserRow>`select * from auth.users where recovery_token = ${hash} for update`.execute(trx)).rows[0];
      if (!row || !row.recovery_sent_at || new Date(row.recovery_sent_at) < cutoff) throw errors.otpExpired();
      await sql`
        update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, ${at}), updated_at = ${at}
        where id = ${row.id}
      `.execute(trx);
    } else if (type === 'email_change') {
      kind = 'email_change';
      row = (await sql<UserRow>`select * from auth.users where email_change_token_new = ${hash} for update`.execute(trx)).rows[0];
      if (!row || !row.email_change || !row.email_change_sent_at || new Date(row.email_change_sent_at) < cutoff) throw errors.otpExpired();
      const taken = await findUserByEmail(trx, row.email_change);
      if (taken && taken.id !== row.id) throw errors.emailExists();
      await sql`
        update auth.users set email = email_change, email_change = '', email_change_token_new = '',
          email_change_confirm_status = 0, updated_at = ${at}
        where id = ${row.id}
      `.execute(trx);
      await sql`
        update auth.identities set identity_data = identity_data || jsonb_build_object('email', ${row.email_change}::text), updated_at = ${at}
        where user_id = ${row.id} and provider = 'email'
      `.execute(trx);
    } else {
      throw errors.validation(`Verify requires a verification type`);
    }
    const user = await findUserById(trx, row.id);
    return { user: user!, kind };
  }

  async function verifyGet(request: Request, context: AuthRequestContext): Promise<Response> {
    rateLimit('verify', context);
    const params = new URL(request.url).searchParams;
    const redirectTo = allowedRedirect(request, params.get('redirect_to'));
    const token = params.get('token') ?? '';
    const type = params.get('type') ?? '';
    const db = await options.db();
    try {
      const target = await db.transaction().execute(async (trx) => {
        const { user, kind } = await applyVerification(trx, type, token);
        const flowMethod = kind === 'signup' ? 'email/signup' : kind;
        const flow = (
          await sql<{ id: string; auth_code: string }>`
            select id, auth_code from auth.flow_state where user_id = ${user.id} and authentication_method = ${flowMethod}
            order by created_at desc limit 1
          `.execute(trx)
        ).rows[0];
        const url = new URL(redirectTo);
        if (flow) {
          // PKCE: hand the browser a one-time code; the session goes to whoever holds the verifier.
          await sql`update auth.flow_state set auth_code_issued_at = ${new Date(now())}, updated_at = ${new Date(now())} where id = ${flow.id}`.execute(trx);
          url.searchParams.set('code', flow.auth_code);
          return url.href;
        }
        const method = kind === 'signup' ? 'otp' : kind;
        const session = await issueSession(trx, request, context, user, method);
        const fragment = new URLSearchParams({
          access_token: String(session.access_token),
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: String(session.refresh_token),
          token_type: 'bearer',
          type: kind === 'signup' ? 'signup' : kind,
        });
        url.hash = fragment.toString();
        return url.href;
      });
      return new Response(null, { status: 303, headers: { location: target, 'cache-control': 'no-store' } });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const url = new URL(redirectTo);
      url.hash = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
      }).toString();
      return new Response(null, { status: 303, headers: { location: url.href, 'cache-control': 'no-store' } });
    }
  }

  async function verifyPost(request: Request, context: AuthRequestContext): Promise<Response> {
    rateLimit('verify', context);
    const body = await readJson(request);
    const type = str(body.type) ?? '';
    const token = str(body.token_hash) ?? str(body.token) ?? '';
    if (!token) throw errors.validation('Verify requires either a token or a token hash');
    const db = await options.db();
    const session = await db.transaction().execute(async (trx) => {
      const { user, kind } = await applyVerification(trx, type, token);
      await sql`delete from auth.flow_state where user_id = ${user.id} and authentication_method = ${kind === 'signup' ? 'email/signup' : kind}`.execute(trx);
      return issueSession(trx, request, context, user, kind === 'signup' ? 'otp' : kind);
    });
    return authJson(session);
  }

  async function jwks(): Promise<Response> {
    const key = await options.signingKey();
    return authJson({ keys: [key.publicJwk] }, { headers: { 'cache-control': 'public, max-age=600' } });
  }

  function settings(): Response {
    return authJson({
      external: { email: true, phone: false, google: googleClientIds.length > 0, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  }

  async function route(request: Request, context: AuthRequestContext): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?\/auth\/v1/, '').replace(/\/+$/, '') || '/';
    const method = request.method.toUpperCase();
    switch (path) {
      case '/signup':
        if (method === 'POST') return signup(request, context);
        break;
      case '/token':
        if (method === 'POST') {
          switch (url.searchParams.get('grant_type')) {
            case 'password':
              return passwordGrant(request, context);
            case 'refresh_token':
              return refreshGrant(request, context);
            case 'pkce':
              return pkceGrant(request, context);
            case 'id_token':
              return idTokenGrant(request, context);
            default:
              throw errors.unsupportedGrant();
          }
        }
        break;
      case '/user':
        if (method === 'GET') return getUser(request);
        if (method === 'PUT') return updateUser(request, context);
        break;
      case '/logout':
        if (method === 'POST') return logout(request);
        break;
      case '/recover':
        if (method === 'POST') return recover(request, context);
        break;
      case '/verify':
        if (method === 'GET') return verifyGet(request, context);
        if (method === 'POST') return verifyPost(request, context);
        break;
      case '/.well-known/jwks.json':
        if (method === 'GET') return jwks();
        break;
      case '/settings':
        if (method === 'GET') return settings();
        break;
      case '/health':
        if (method === 'GET') return authJson({ name: 'GoTrue', version: 'critical-hit-local', description: 'Local Supabase Auth-compatible service' });
        break;
      default:
        throw errors.notFound();
    }
    throw errors.methodNotAllowed();
  }

  return async function handleAuthRequest(request: Request, context: AuthRequestContext = {}): Promise<Response> {
    try {
      // Loaded (and on first use generated and stored) before any transaction opens: on the
      // embedded database a query outside the transaction would wait for it forever.
      await options.signingKey();
      return await route(request, context);
    } catch (error) {
      if (error instanceof AuthError) return authErrorResponse(request, error);
      if (isDatabaseUnavailable(error)) {
        console.error(`[auth] ${request.method} ${new URL(request.url).pathname}: database unavailable: ${(error as Error).message}`);
        return authErrorResponse(request, new AuthError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE), { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });
      }
      console.error(`[auth] ${request.method} ${new URL(request.url).pathname}: ${(error as Error).message}`);
      return authErrorResponse(request, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
    }
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
