import { z } from 'zod';

/** Each variable the server reads, with its own rules and default (checks across them: env.ts). */

/** Blank values in a .env file mean "unset", not "empty string". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const ipAddress = z.union([z.ipv4(), z.ipv6()]);

export const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value) && URL.canParse(value), {
    message: 'must be a postgres:// or postgresql:// connection string',
  });

const httpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL',
  });

const port = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(1, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535');

const rateLimit = z.coerce
  .number({ error: 'must be a whole number of requests' })
  .int('must be a whole number of requests')
  .min(1, 'must be at least 1')
  .max(1_000_000, 'must be at most 1000000');

function isEs256PrivateJwk(value: string): boolean {
  try {
    const jwk = JSON.parse(value) as Record<string, unknown>;
    return jwk.kty === 'EC' && jwk.crv === 'P-256' && ['d', 'x', 'y'].every((k) => typeof jwk[k] === 'string');
  } catch {
    return false;
  }
}

export const envFields = z.object({
  SITE_NAME: optional(z.string().trim().max(60, 'must be at most 60 characters')).transform((v) => v ?? 'Critical Hit'),
  // The public origin of every link the site makes (emails, canonical URLs, redirects).
  // Never taken from a request's Host header, which a client controls.
  SITE_URL: optional(httpUrl),
  NODE_ENV: optional(z.string().trim()),
  // Extra redirect targets the auth service accepts besides SITE_URL's origin, like
  // Supabase's redirect allow list: comma-separated absolute URLs; a trailing `*`
  // accepts every path below the prefix.
  AUTH_REDIRECT_URLS: optional(z.string().trim().max(4000, 'must be at most 4000 characters')).transform(
    (value, ctx) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const bare = entry.endsWith('*') ? entry.slice(0, -1) : entry;
        if (!URL.canParse(bare) || !/^https?:$/.test(new URL(bare).protocol)) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a comma-separated list of http(s) URLs (${JSON.stringify(entry)} is not one)`,
          });
          return z.NEVER;
        }
      }
      return entries;
    },
  ),
  HOST: optional(z.string().trim()),
  PORT: optional(port).transform((v) => v ?? 4321),
  PGLITE_DIR: optional(z.string().trim()).transform((v) => v ?? '.data/pglite'),
  DATABASE_URL: optional(postgresUrl),
  // The purge listener's connection (LISTEN needs a session of its own): a direct or
  // session-mode connection string when DATABASE_URL goes through a transaction pooler.
  DATABASE_LISTEN_URL: optional(postgresUrl),
  DATABASE_POOL_MAX: optional(
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100'),
  ).transform((v) => v ?? 10),
  // Page and API reads the node server renders at once; more wait their turn in arrival order
  // (server/render-admission.ts). Unset, it depends on the database (below).
  RENDER_CONCURRENCY: optional(
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(256, 'must be at most 256'),
  ),
  // Node servers on the one port, one per core (server/node-servers.ts); on
  // PostgreSQL only, since the embedded database lives in one process.
  WEB_CONCURRENCY: optional(
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(64, 'must be at most 64'),
  ).transform((v) => v ?? 1),
  // Named prepared statements on DATABASE_URL: `auto` leaves them off only for Supabase's
  // transaction pooler (port 6543), which refuses them (docs/decisions/prepared-statements.md).
  DATABASE_PREPARED_STATEMENTS: optional(
    z.enum(['auto', 'on', 'off'], { error: 'must be auto (off for a transaction pooler on port 6543), on or off' }),
  ).transform((v) => v ?? 'auto'),
  SUPABASE_URL: optional(httpUrl),
  SUPABASE_ANON_KEY: optional(z.string().trim()),
  // The project's secret (service_role) key, server only: lets background work write storage
  // without an administrator's session (copying IGDB covers). Unset, covers stay on IGDB's CDN.
  SUPABASE_SECRET_KEY: optional(z.string().trim().min(20, "must be the Supabase project's secret key").max(2000)),
  VERCEL: optional(z.string()),
  // The bearer token Vercel Cron sends to /api/cron/{job}; unset, the route lets nobody in.
  // (A refinement, so a wrong value is never echoed in the error.)
  CRON_SECRET: optional(
    z
      .string()
      .trim()
      .refine((value) => value.length >= 16 && value.length <= 500, {
        message: 'must be a random string of 16 to 500 characters',
      }),
  ),
  // Accounts: the local auth service, its emails and Google sign-in.
  AUTH_JWT_PRIVATE_KEY: optional(
    z
      .string()
      .trim()
      .refine((value) => isEs256PrivateJwk(value), {
        message: 'must be an ES256 private key as a JSON Web Key ({"kty":"EC","crv":"P-256","d":…,"x":…,"y":…})',
      }),
  ),
  SMTP_URL: optional(
    z
      .string()
      .trim()
      .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
        message: 'must be an smtp:// or smtps:// URL (smtps://user:password@host:465)',
      }),
  ),
  SMTP_FROM: optional(z.string().trim()),
  // Where /contact messages are emailed (they are stored in the database either way).
  CONTACT_EMAIL: optional(z.email('must be an email address')),
  PUBLIC_GOOGLE_CLIENT_ID: optional(z.string().trim()),
  // Sentry: server errors (SENTRY_DSN) and browser errors (PUBLIC_SENTRY_DSN), both read
  // when the site is built. Without them errors are kept first-party only.
  SENTRY_DSN: optional(httpUrl),
  PUBLIC_SENTRY_DSN: optional(httpUrl),
  GOOGLE_JWKS_URL: optional(httpUrl).transform((v) => v ?? 'https://www.googleapis.com/oauth2/v3/certs'),
  // Supabase Auth's defaults; raise them only for load tests or a busy shared address.
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: optional(rateLimit).transform((v) => v ?? 30),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: optional(rateLimit).transform((v) => v ?? 150),
  AUTH_RATE_LIMIT_VERIFY: optional(rateLimit).transform((v) => v ?? 30),
  // Emails: per requesting address per hour, and for the whole service per hour (a
  // circuit breaker for the mail account, far above what one address may send).
  AUTH_RATE_LIMIT_EMAIL_PER_CLIENT: optional(rateLimit).transform((v) => v ?? 10),
  AUTH_RATE_LIMIT_EMAIL_SENT: optional(rateLimit).transform((v) => v ?? 500),
  // Supabase Auth's GOTRUE_MAILER_AUTOCONFIRM: 1 signs a new account in at once, without
  // a confirmation email (for test suites written against such a server). Off by default.
  AUTH_MAILER_AUTOCONFIRM: optional(
    z.enum(['0', '1'], { error: 'must be 1 (confirm new accounts without an email) or 0' }),
  ).transform((v) => v === '1'),
  // The shortest password the auth service accepts (GOTRUE_PASSWORD_MIN_LENGTH); the site's forms ask for 8.
  AUTH_PASSWORD_MIN_LENGTH: optional(
    z.coerce
      .number()
      .int('must be a whole number of characters')
      .min(6, 'must be at least 6')
      .max(72, 'must be at most 72'),
  ).transform((v) => v ?? 8),
  // Seconds during which a rotated refresh token may be presented again and gets the
  // session's current one (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL): two tabs that
  // refresh at once both stay signed in. Later replays end the session.
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: optional(
    z.coerce
      .number()
      .int('must be a whole number of seconds')
      .min(0, 'must be at least 0')
      .max(60, 'must be at most 60'),
  ).transform((v) => v ?? 10),
  // The dev mailbox pages hand out live account links: only to a loopback client of a
  // server listening on a loopback host, unless 1 (any client) or 0 (nobody).
  DEV_MAILBOX: optional(z.enum(['0', '1'], { error: 'must be 1 (serve the dev mailbox to any client) or 0 (never)' })),
  // Reverse proxies in front of the node server (nginx on the same machine: 127.0.0.1,::1).
  // A request from one of them counts as coming from the address its X-Forwarded-For names
  // (per-address auth limits, the dev mailbox); from anyone else the header is ignored.
  TRUSTED_PROXIES: optional(
    z
      .string()
      .trim()
      .max(1000, 'must be at most 1000 characters')
      .refine((v) => v.split(',').every((address) => /^[0-9a-f.:]{2,45}$/i.test(address.trim())), {
        message: 'must be comma-separated IP addresses (e.g. 127.0.0.1,::1)',
      }),
  ).transform((v) =>
    (v ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
  ),
  // The local storage service (embedded and self-hosted): where object files live, and the
  // largest upload of any bucket (Supabase's global "upload file size limit"; a bucket's
  // own file_size_limit can only lower it).
  STORAGE_DIR: optional(z.string().trim()).transform((v) => v ?? '.data/storage'),
  STORAGE_FILE_SIZE_LIMIT: optional(
    z.coerce
      .number({ error: 'must be a whole number of bytes' })
      .int('must be a whole number of bytes')
      .min(1, 'must be at least 1 byte')
      .max(5 * 1024 ** 3, 'must be at most 5368709120 (5 GB)'),
  ).transform((v) => v ?? 50 * 1024 * 1024),
  // Membership payments (Stripe); unset, the embedded default uses the built-in test checkout
  // and every other mode sells nothing (payments are not configured).
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .trim()
      .refine((v) => /^(sk|rk)_(test|live)_\w+$/.test(v), {
        message: 'must be a Stripe secret or restricted key (sk_live_…, sk_test_…)',
      }),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z
      .string()
      .trim()
      .refine((v) => /^whsec_\w+$/.test(v), { message: 'must be a webhook signing secret (whsec_…)' }),
  ),
  STRIPE_PRICE_AD_FREE_MONTH: optional(
    z
      .string()
      .trim()
      .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
  ),
  STRIPE_PRICE_AD_FREE_YEAR: optional(
    z
      .string()
      .trim()
      .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
  ),
  STRIPE_PRICE_PREMIUM_MONTH: optional(
    z
      .string()
      .trim()
      .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
  ),
  STRIPE_PRICE_PREMIUM_YEAR: optional(
    z
      .string()
      .trim()
      .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
  ),
  // Where the stripe package sends its requests; only for a local stand-in in tests.
  STRIPE_API_URL: optional(httpUrl),
  // Private or loopback IP addresses a cover image URL may point at all the same: only for a
  // local stand-in in tests (comma-separated, e.g. 127.0.0.1). Unset, only public addresses.
  IMAGE_IMPORT_ALLOWED_ADDRESSES: optional(
    z
      .string()
      .trim()
      .max(500, 'must be at most 500 characters')
      .refine(
        (value) => value.split(',').every((part) => ipAddress.safeParse(part.trim()).success),
        'must be IP addresses separated by commas, e.g. 127.0.0.1',
      ),
  ).transform((value) => (value ? value.split(',').map((part) => part.trim()) : [])),
  // The built-in test checkout gives memberships away: 1 offers it without Stripe keys in any
  // mode (a staging site), 0 never; unset, only the embedded mode outside production has it.
  ALLOW_TEST_CHECKOUT: optional(
    z.enum(['0', '1'], { error: 'must be 1 (offer the built-in test checkout, which takes no payment) or 0 (never)' }),
  ),
  // A real ad provider's snippet for the Free tier's ad slot; unset, a house ad for the membership.
  AD_SLOT_HTML: optional(z.string().trim().max(10_000, 'must be at most 10000 characters')),
  // The IGDB catalogue sync (Twitch developer application); unset, nothing of it runs.
  TWITCH_CLIENT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Twitch application client id (letters and digits)'),
  ),
  TWITCH_CLIENT_SECRET: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Twitch application client secret (letters and digits)'),
  ),
  // Where the sync sends its IGDB queries and token requests; changed only to point the tests
  // at a local stand-in.
  IGDB_API_URL: optional(httpUrl).transform((v) => (v ?? 'https://api.igdb.com/v4').replace(/\/+$/, '')),
  TWITCH_TOKEN_URL: optional(httpUrl).transform((v) => v ?? 'https://id.twitch.tv/oauth2/token'),
  // Where IGDB's cover images are downloaded from to be copied into storage; changed only to
  // point the tests at a local stand-in (pages always link IGDB's own CDN).
  IGDB_IMAGE_URL: optional(httpUrl).transform((v) =>
    (v ?? 'https://images.igdb.com/igdb/image/upload').replace(/\/+$/, ''),
  ),
});
