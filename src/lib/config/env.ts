import { z } from 'zod';
import { envFields, postgresUrl } from './env-fields.ts';

/**
 * The one place the server reads its environment. Every variable is listed in
 * `.env.example`; errors name the variable so a misconfigured deploy says what
 * to fix instead of failing later with a stack trace.
 */

/** Every variable the server reads, in schema order (docs/configuration.md lists each one). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envFields.shape);

/**
 * The variables with the checks across them. `requireSiteUrl: false` is for the database
 * commands (`npm run db:migrate`, `db:seed`), which make no links: the deploy steps run them
 * from a machine that has only the database's variables.
 */
function checkedEnvSchema(options: { requireSiteUrl: boolean }) {
  return envFields.superRefine((env, ctx) => {
    // Half a Supabase configuration is the most likely deploy mistake: say which half is missing.
    if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPABASE_ANON_KEY'],
        message:
          "is missing: SUPABASE_URL is set, so SUPABASE_ANON_KEY (the project's public anon key) is required too",
      });
    }
    if (env.SUPABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'is missing: SUPABASE_URL is set, so DATABASE_URL (the Supabase transaction pooler connection string) is required too',
      });
    }
    if (env.SUPABASE_SECRET_KEY && !env.SUPABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPABASE_URL'],
        message: 'is missing: SUPABASE_SECRET_KEY is set, so SUPABASE_URL is required too',
      });
    }
    if (env.SUPABASE_ANON_KEY && !env.SUPABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPABASE_URL'],
        message: 'is missing: SUPABASE_ANON_KEY is set, so SUPABASE_URL is required too',
      });
    }
    // (A malformed DATABASE_URL has its own message; one mistake, one line.)
    const deployed =
      (env.DATABASE_URL && postgresUrl.safeParse(env.DATABASE_URL).success) || env.NODE_ENV === 'production';
    if (!env.SITE_URL && deployed && options.requireSiteUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message:
          'is missing: a deployed site (DATABASE_URL set or NODE_ENV=production) needs its public origin, e.g. https://example.com, for the links in its emails and redirects',
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'must be 1 on the embedded database, which lives in one process: set DATABASE_URL to run several node servers',
      });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const name of [
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_AD_FREE_MONTH',
        'STRIPE_PRICE_AD_FREE_YEAR',
        'STRIPE_PRICE_PREMIUM_MONTH',
        'STRIPE_PRICE_PREMIUM_YEAR',
      ] as const) {
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'is missing: STRIPE_SECRET_KEY is set, so the webhook secret and all four price ids are required too',
          });
      }
    }
    if (Boolean(env.TWITCH_CLIENT_ID) !== Boolean(env.TWITCH_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TWITCH_CLIENT_ID ? 'TWITCH_CLIENT_SECRET' : 'TWITCH_CLIENT_ID'],
        message: 'is missing: the IGDB sync needs both TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET',
      });
    }
    if (env.VERCEL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'is missing: the embedded database cannot persist on Vercel, so set DATABASE_URL (and SUPABASE_URL, SUPABASE_ANON_KEY)',
      });
    }
    // The Vercel build carries neither the local auth and storage services nor Realtime
    // (src/lib/config/platform.server.ts): there the site runs on hosted Supabase.
    if (env.VERCEL && env.DATABASE_URL && !env.SUPABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPABASE_URL'],
        message:
          'is missing: on Vercel the site uses hosted Supabase Auth, Storage and Realtime, so set SUPABASE_URL and SUPABASE_ANON_KEY',
      });
    }
  });
}

export const envSchema = checkedEnvSchema({ requireSiteUrl: true });
const databaseCommandEnvSchema = checkedEnvSchema({ requireSiteUrl: false });

export type DeploymentMode = 'embedded' | 'self-hosted' | 'supabase';

/**
 * Renders at once, per node server, when RENDER_CONCURRENCY is unset. The embedded database's
 * engine runs in a thread of its own, and it takes 8 pages in flight to keep both it and the
 * event loop busy. A PostgreSQL statement is short beside the render it feeds, so 4 keep one
 * server's event loop busy and more only lengthen the queue that health checks and cache hits
 * wait in. Several servers on one machine share its cores, so each takes 2: still one page's
 * statement beside another's render, and as many pages a second, without doubling the renders
 * in flight on the machine (docs/decisions/render-admission.md).
 */
function defaultRenderConcurrency(mode: DeploymentMode, nodeServers: number): number {
  if (mode === 'embedded') return 8;
  return nodeServers > 1 ? 2 : 4;
}

export type Env = Omit<z.output<typeof envSchema>, 'RENDER_CONCURRENCY'> & {
  RENDER_CONCURRENCY: number;
  mode: DeploymentMode;
  /** SITE_URL's origin, or http://localhost:{PORT} for the embedded default. */
  siteOrigin: string;
};

export class EnvError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(
      `Invalid environment configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}\nSee .env.example for every variable.`,
    );
    this.name = 'EnvError';
    this.issues = issues;
  }
}

/** Parses an environment record; throws EnvError whose lines each start with the variable's name. */
export function parseEnv(
  source: Record<string, string | undefined>,
  options: { purpose?: 'server' | 'database-command' } = {},
): Env {
  const result = (options.purpose === 'database-command' ? databaseCommandEnvSchema : envSchema).safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const raw = source[name];
        const shown = raw === undefined || issue.code === 'custom' ? '' : ` (got ${JSON.stringify(raw)})`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const data = result.data;
  const mode: DeploymentMode = data.SUPABASE_URL ? 'supabase' : data.DATABASE_URL ? 'self-hosted' : 'embedded';
  const siteOrigin = data.SITE_URL ? new URL(data.SITE_URL).origin : `http://localhost:${data.PORT}`;
  return {
    ...data,
    mode,
    siteOrigin,
    RENDER_CONCURRENCY: data.RENDER_CONCURRENCY ?? defaultRenderConcurrency(mode, data.WEB_CONCURRENCY),
  };
}

let cached: Env | undefined;

/** The process environment, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests and scripts that change process.env call this so the next getEnv() re-reads it. */
export function resetEnvCache(): void {
  cached = undefined;
}
