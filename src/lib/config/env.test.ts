import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvError, getEnv, parseEnv, resetEnvCache } from './env.ts';

const PG = 'postgres://user:secret@db.example.test:5432/app';
const SUPABASE = 'https://abcd.supabase.co';
const SITE = 'https://critical-hit.example';

/** The EnvError parseEnv throws for `source` (fails the test when it does not throw). */
function envError(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe('parseEnv defaults', () => {
  it('gives the documented defaults for an empty environment, in embedded mode', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      SITE_NAME: 'Critical Hit',
      PORT: 4321,
      PGLITE_DIR: '.data/pglite',
      DATABASE_POOL_MAX: 10,
      mode: 'embedded',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SUPABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBeUndefined();
  });

  it('treats blank and whitespace-only values as unset, not as empty strings', () => {
    const env = parseEnv({
      SITE_NAME: '',
      PORT: '   ',
      PGLITE_DIR: ' ',
      DATABASE_URL: '',
      SUPABASE_URL: '  ',
      SUPABASE_ANON_KEY: '',
      SITE_URL: '',
      VERCEL: '',
    });
    expect(env).toMatchObject({ SITE_NAME: 'Critical Hit', PORT: 4321, PGLITE_DIR: '.data/pglite', mode: 'embedded' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.VERCEL).toBeUndefined();
  });

  it('reads and trims the values that are set', () => {
    const env = parseEnv({
      SITE_NAME: '  Pixel Press ',
      PORT: '8080',
      PGLITE_DIR: '/var/lib/site',
      DATABASE_POOL_MAX: '3',
    });
    expect(env).toMatchObject({
      SITE_NAME: 'Pixel Press',
      PORT: 8080,
      PGLITE_DIR: '/var/lib/site',
      DATABASE_POOL_MAX: 3,
    });
  });
});

describe('parseEnv deployment mode', () => {
  it('is self-hosted with DATABASE_URL alone', () => {
    const env = parseEnv({ DATABASE_URL: PG, SITE_URL: SITE });
    expect(env.mode).toBe('self-hosted');
    expect(env.DATABASE_URL).toBe(PG);
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(parseEnv({ DATABASE_URL: 'postgresql://localhost/app', SITE_URL: SITE }).mode).toBe('self-hosted');
  });

  it('is supabase with SUPABASE_URL, SUPABASE_ANON_KEY and DATABASE_URL', () => {
    const env = parseEnv({ DATABASE_URL: PG, SUPABASE_URL: SUPABASE, SUPABASE_ANON_KEY: 'anon-key', SITE_URL: SITE });
    expect(env.mode).toBe('supabase');
  });

  it('renders 8 pages at once on the embedded database and 4 on PostgreSQL, unless told', () => {
    expect(parseEnv({}).RENDER_CONCURRENCY).toBe(8);
    expect(parseEnv({ DATABASE_URL: PG, SITE_URL: SITE }).RENDER_CONCURRENCY).toBe(4);
    expect(
      parseEnv({ DATABASE_URL: PG, SUPABASE_URL: SUPABASE, SUPABASE_ANON_KEY: 'anon-key', SITE_URL: SITE })
        .RENDER_CONCURRENCY,
    ).toBe(4);
    expect(parseEnv({ DATABASE_URL: PG, SITE_URL: SITE, WEB_CONCURRENCY: '2' }).RENDER_CONCURRENCY).toBe(2);
    expect(parseEnv({ DATABASE_URL: PG, SITE_URL: SITE, RENDER_CONCURRENCY: '12' }).RENDER_CONCURRENCY).toBe(12);
    expect(
      parseEnv({ DATABASE_URL: PG, SITE_URL: SITE, WEB_CONCURRENCY: '2', RENDER_CONCURRENCY: '6' }).RENDER_CONCURRENCY,
    ).toBe(6);
  });

  it('runs one node server unless told, and several only on PostgreSQL', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ DATABASE_URL: PG, SITE_URL: SITE, WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    expect(envError({ WEB_CONCURRENCY: '2' }).issues).toEqual([
      'WEB_CONCURRENCY must be 1 on the embedded database, which lives in one process: set DATABASE_URL to run several node servers',
    ]);
    expect(envError({ DATABASE_URL: PG, SITE_URL: SITE, WEB_CONCURRENCY: '0' }).issues[0]).toMatch(
      /^WEB_CONCURRENCY must be at least 1/,
    );
  });

  it('accepts VERCEL with hosted Supabase, and refuses it without (the Vercel build has no local services)', () => {
    expect(
      parseEnv({ VERCEL: '1', DATABASE_URL: PG, SUPABASE_URL: SUPABASE, SUPABASE_ANON_KEY: 'anon', SITE_URL: SITE })
        .mode,
    ).toBe('supabase');
    expect(envError({ VERCEL: '1', DATABASE_URL: PG, SITE_URL: SITE }).issues).toEqual([
      expect.stringMatching(/^SUPABASE_URL is missing: on Vercel the site uses hosted Supabase/),
    ]);
  });
});

describe('parseEnv errors name the variable', () => {
  it.each(['abc', '0', '65536', '80.5', '-1'])('refuses PORT=%j', (value) => {
    const error = envError({ PORT: value });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatch(/^PORT must be a whole number between 1 and 65535/);
    expect(error.issues[0]).toContain(JSON.stringify(value));
    expect(error.message).toContain('PORT');
    expect(error.name).toBe('EnvError');
  });

  it.each(['mysql://localhost/app', 'localhost:5432/app', 'postgres://', 'not a url'])(
    'refuses DATABASE_URL=%j',
    (value) => {
      const error = envError({ DATABASE_URL: value });
      expect(error.issues).toEqual([
        expect.stringMatching(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection string/),
      ]);
      expect(error.message).toContain('DATABASE_URL');
    },
  );

  it.each(['ftp://abcd.supabase.co', 'abcd.supabase.co', 'https//broken'])('refuses SUPABASE_URL=%j', (value) => {
    const error = envError({ SUPABASE_URL: value, SUPABASE_ANON_KEY: 'anon-key', DATABASE_URL: PG, SITE_URL: SITE });
    expect(error.issues).toEqual([expect.stringMatching(/^SUPABASE_URL must be an http:\/\/ or https:\/\/ URL/)]);
  });

  it('refuses a SITE_URL that is not http(s) and a SITE_NAME over 60 characters', () => {
    const error = envError({ SITE_URL: 'javascript:alert(1)', SITE_NAME: 'x'.repeat(61) });
    expect(error.issues).toHaveLength(2);
    expect(error.issues.some((issue) => issue.startsWith('SITE_URL must be an http'))).toBe(true);
    expect(error.issues.some((issue) => issue.startsWith('SITE_NAME must be at most 60 characters'))).toBe(true);
  });

  it('lists every issue in the message, each line starting with the variable', () => {
    const error = envError({ PORT: 'x', DATABASE_URL: 'mysql://x' });
    expect(error.issues.map((issue) => issue.split(' ')[0]).sort()).toEqual(['DATABASE_URL', 'PORT']);
    for (const issue of error.issues) expect(error.message).toContain(`  - ${issue}`);
    expect(error.message).toContain('.env.example');
  });
});

describe('parseEnv for the database commands (db:migrate, db:seed)', () => {
  it('needs no SITE_URL: the deploy steps run them with the database variables only', () => {
    const source = { SUPABASE_URL: SUPABASE, SUPABASE_ANON_KEY: 'anon-key', DATABASE_URL: PG };
    expect(envError(source).issues).toEqual([expect.stringMatching(/^SITE_URL is missing/)]);
    const env = parseEnv(source, { purpose: 'database-command' });
    expect(env.mode).toBe('supabase');
    expect(env.SITE_URL).toBeUndefined();
  });

  it('still names every other mistake', () => {
    expect(() => parseEnv({ SUPABASE_URL: SUPABASE, DATABASE_URL: PG }, { purpose: 'database-command' })).toThrow(
      /SUPABASE_ANON_KEY is missing/,
    );
  });
});

describe('parseEnv half a Supabase configuration', () => {
  it('SUPABASE_URL without SUPABASE_ANON_KEY names SUPABASE_ANON_KEY', () => {
    const error = envError({ SUPABASE_URL: SUPABASE, DATABASE_URL: PG, SITE_URL: SITE });
    expect(error.issues).toEqual([expect.stringMatching(/^SUPABASE_ANON_KEY is missing/)]);
  });

  it('SUPABASE_URL without DATABASE_URL names DATABASE_URL', () => {
    const error = envError({ SUPABASE_URL: SUPABASE, SUPABASE_ANON_KEY: 'anon-key' });
    expect(error.issues).toEqual([expect.stringMatching(/^DATABASE_URL is missing: SUPABASE_URL is set/)]);
  });

  it('SUPABASE_URL alone names both missing variables', () => {
    const error = envError({ SUPABASE_URL: SUPABASE });
    expect(error.issues.map((issue) => issue.split(' ')[0]).sort()).toEqual(['DATABASE_URL', 'SUPABASE_ANON_KEY']);
  });

  it('SUPABASE_ANON_KEY without SUPABASE_URL names SUPABASE_URL and does not echo the key', () => {
    const error = envError({ SUPABASE_ANON_KEY: 'very-secret-anon-key', DATABASE_URL: PG, SITE_URL: SITE });
    expect(error.issues).toEqual([expect.stringMatching(/^SUPABASE_URL is missing: SUPABASE_ANON_KEY is set/)]);
    expect(error.message).not.toContain('very-secret-anon-key');
  });

  it('requires SITE_URL once the site is deployed (DATABASE_URL or NODE_ENV=production)', () => {
    expect(envError({ DATABASE_URL: 'postgres://u@localhost/db' }).issues).toEqual([
      expect.stringMatching(/^SITE_URL is missing: a deployed site/),
    ]);
    expect(envError({ NODE_ENV: 'production' }).issues).toEqual([expect.stringMatching(/^SITE_URL is missing/)]);
    expect(
      parseEnv({ DATABASE_URL: 'postgres://u@localhost/db', SITE_URL: 'https://example.com/path' }).siteOrigin,
    ).toBe('https://example.com');
  });

  it('defaults the site origin to http://localhost:{PORT} in the embedded mode', () => {
    expect(parseEnv({}).siteOrigin).toBe('http://localhost:4321');
    expect(parseEnv({ PORT: '4400' }).siteOrigin).toBe('http://localhost:4400');
  });

  it('reads AUTH_REDIRECT_URLS as a list of http(s) URLs and names a bad entry', () => {
    expect(
      parseEnv({ AUTH_REDIRECT_URLS: 'https://a.example/*, http://localhost:3000/cb' }).AUTH_REDIRECT_URLS,
    ).toEqual(['https://a.example/*', 'http://localhost:3000/cb']);
    expect(envError({ AUTH_REDIRECT_URLS: 'https://a.example, javascript:alert(1)' }).issues[0]).toMatch(
      /^AUTH_REDIRECT_URLS must be a comma-separated list/,
    );
  });

  it('reads CRON_SECRET (16 characters at least) and DATABASE_LISTEN_URL, naming them when wrong', () => {
    expect(parseEnv({ CRON_SECRET: ' a-long-enough-secret ' }).CRON_SECRET).toBe('a-long-enough-secret');
    expect(parseEnv({}).CRON_SECRET).toBeUndefined();
    expect(envError({ CRON_SECRET: 'short' }).issues).toEqual([
      'CRON_SECRET must be a random string of 16 to 500 characters',
    ]);
    expect(parseEnv({ DATABASE_LISTEN_URL: PG }).DATABASE_LISTEN_URL).toBe(PG);
    expect(envError({ DATABASE_LISTEN_URL: 'mysql://x' }).issues[0]).toMatch(/^DATABASE_LISTEN_URL must be a postgres/);
  });

  it('refuses VERCEL without DATABASE_URL (the embedded database cannot persist there)', () => {
    const error = envError({ VERCEL: '1' });
    expect(error.issues).toEqual([
      expect.stringMatching(/^DATABASE_URL is missing: the embedded database cannot persist on Vercel/),
    ]);
  });
});

describe('getEnv', () => {
  const VARIABLES = [
    'SITE_NAME',
    'SITE_URL',
    'HOST',
    'PORT',
    'PGLITE_DIR',
    'DATABASE_URL',
    'DATABASE_POOL_MAX',
    'SUPABASE_URL',
    'SUPABASE_ANON_KEY',
    'VERCEL',
    'NODE_ENV',
    'AUTH_REDIRECT_URLS',
  ];

  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it('parses process.env once and re-reads it after resetEnvCache()', () => {
    for (const name of VARIABLES) vi.stubEnv(name, '');
    vi.stubEnv('SITE_NAME', 'First Name');
    resetEnvCache();
    expect(getEnv().SITE_NAME).toBe('First Name');

    vi.stubEnv('SITE_NAME', 'Second Name');
    expect(getEnv().SITE_NAME).toBe('First Name');

    resetEnvCache();
    expect(getEnv().SITE_NAME).toBe('Second Name');
  });

  it('throws EnvError for a misconfigured process environment', () => {
    for (const name of VARIABLES) vi.stubEnv(name, '');
    vi.stubEnv('PORT', 'eighty');
    resetEnvCache();
    expect(() => getEnv()).toThrow(EnvError);
    expect(() => getEnv()).toThrow(/PORT must be a whole number/);
  });
});

describe('accounts variables', () => {
  it('defaults: Google JWKS at Google, Supabase Auth request limits, emails per client far below the total', () => {
    const env = parseEnv({});
    expect(env.GOOGLE_JWKS_URL).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(env).toMatchObject({
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: 30,
      AUTH_RATE_LIMIT_TOKEN_REFRESH: 150,
      AUTH_RATE_LIMIT_VERIFY: 30,
      AUTH_RATE_LIMIT_EMAIL_PER_CLIENT: 10,
      AUTH_RATE_LIMIT_EMAIL_SENT: 500,
    });
    // One client's sign-ups (or resets) cannot exhaust the service's email quota.
    expect(env.AUTH_RATE_LIMIT_EMAIL_SENT).toBeGreaterThan(env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS);
    expect(env.AUTH_RATE_LIMIT_EMAIL_SENT).toBeGreaterThan(env.AUTH_RATE_LIMIT_EMAIL_PER_CLIENT);
    expect(env.DEV_MAILBOX).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AUTH_JWT_PRIVATE_KEY).toBeUndefined();
  });
  it('names a malformed SMTP_URL, signing key or rate limit', () => {
    const error = envError({
      SMTP_URL: 'http://mail.test',
      AUTH_JWT_PRIVATE_KEY: '{"kty":"RSA"}',
      AUTH_RATE_LIMIT_VERIFY: '0',
    });
    expect(error.issues.some((line) => line.startsWith('SMTP_URL must be an smtp://'))).toBe(true);
    expect(error.issues.some((line) => line.startsWith('AUTH_JWT_PRIVATE_KEY must be an ES256 private key'))).toBe(
      true,
    );
    expect(error.issues.some((line) => line.startsWith('AUTH_RATE_LIMIT_VERIFY must be at least 1'))).toBe(true);
  });
  it('DEV_MAILBOX is 0 or 1, and says so', () => {
    expect(parseEnv({ DEV_MAILBOX: '1' }).DEV_MAILBOX).toBe('1');
    expect(envError({ DEV_MAILBOX: 'yes' }).issues.some((line) => line.startsWith('DEV_MAILBOX must be 1'))).toBe(true);
  });
  it('auth service behaviour: autoconfirm off, passwords of 8, a 10 s refresh-token reuse interval, unless told', () => {
    expect(parseEnv({})).toMatchObject({
      AUTH_MAILER_AUTOCONFIRM: false,
      AUTH_PASSWORD_MIN_LENGTH: 8,
      AUTH_REFRESH_TOKEN_REUSE_INTERVAL: 10,
    });
    expect(
      parseEnv({ AUTH_MAILER_AUTOCONFIRM: '1', AUTH_PASSWORD_MIN_LENGTH: '6', AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '0' }),
    ).toMatchObject({
      AUTH_MAILER_AUTOCONFIRM: true,
      AUTH_PASSWORD_MIN_LENGTH: 6,
      AUTH_REFRESH_TOKEN_REUSE_INTERVAL: 0,
    });
    expect(parseEnv({ AUTH_MAILER_AUTOCONFIRM: '0' }).AUTH_MAILER_AUTOCONFIRM).toBe(false);
    const error = envError({
      AUTH_MAILER_AUTOCONFIRM: 'true',
      AUTH_PASSWORD_MIN_LENGTH: '5',
      AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '3600',
    });
    expect(error.issues.map((issue) => issue.split(' must ')[0]).sort()).toEqual([
      'AUTH_MAILER_AUTOCONFIRM',
      'AUTH_PASSWORD_MIN_LENGTH',
      'AUTH_REFRESH_TOKEN_REUSE_INTERVAL',
    ]);
  });
  it('accepts an ES256 private JWK', () => {
    const jwk = JSON.stringify({ kty: 'EC', crv: 'P-256', d: 'd', x: 'x', y: 'y' });
    expect(parseEnv({ AUTH_JWT_PRIVATE_KEY: jwk }).AUTH_JWT_PRIVATE_KEY).toBe(jwk);
  });
});

describe('storage settings', () => {
  it("default to .data/storage and Supabase's 50 MB upload limit", () => {
    expect(parseEnv({})).toMatchObject({ STORAGE_DIR: '.data/storage', STORAGE_FILE_SIZE_LIMIT: 50 * 1024 * 1024 });
    expect(parseEnv({ STORAGE_DIR: ' /srv/files ', STORAGE_FILE_SIZE_LIMIT: '1048576' })).toMatchObject({
      STORAGE_DIR: '/srv/files',
      STORAGE_FILE_SIZE_LIMIT: 1048576,
    });
  });

  it('name STORAGE_FILE_SIZE_LIMIT when it is not a size', () => {
    for (const value of ['big', '0', '1.5', String(6 * 1024 ** 3)]) {
      expect(envError({ STORAGE_FILE_SIZE_LIMIT: value }).issues[0]).toMatch(/^STORAGE_FILE_SIZE_LIMIT /);
    }
  });
});

describe('the IGDB sync variables', () => {
  it('default to IGDB and Twitch, with no credentials', () => {
    const env = parseEnv({});
    expect(env.TWITCH_CLIENT_ID).toBeUndefined();
    expect(env.IGDB_API_URL).toBe('https://api.igdb.com/v4');
    expect(env.TWITCH_TOKEN_URL).toBe('https://id.twitch.tv/oauth2/token');
  });

  it('take a stand-in URL without its trailing slash', () => {
    const env = parseEnv({
      IGDB_API_URL: 'http://127.0.0.1:9999/v4/',
      TWITCH_CLIENT_ID: 'abc',
      TWITCH_CLIENT_SECRET: 'def',
    });
    expect(env.IGDB_API_URL).toBe('http://127.0.0.1:9999/v4');
  });

  it('name the missing half of the credentials', () => {
    expect(envError({ TWITCH_CLIENT_ID: 'abc123' }).issues).toEqual([
      'TWITCH_CLIENT_SECRET is missing: the IGDB sync needs both TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET',
    ]);
    expect(envError({ IGDB_API_URL: 'ftp://x' }).issues[0]).toMatch(/^IGDB_API_URL must be an http/);
  });
});
