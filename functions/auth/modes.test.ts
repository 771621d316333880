import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import { getLocalAuthService, localAuthEnabled, resetLocalAuthService } from './index.ts';
import { clearMailbox, devMailbox, extractLinks, mailboxEnabled, mailboxEntries } from './dev-mailbox.ts';
import { mailerFromEnv } from './mailer.ts';

const SUPABASE = {
  SUPABASE_URL: 'https://abcd.supabase.co',
  SUPABASE_ANON_KEY: 'anon',
  DATABASE_URL: 'postgres://u:p@db.test:5432/app',
  SITE_URL: 'https://critical-hit.example',
};

function withEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) vi.stubEnv(key, value);
  resetEnvCache();
  resetLocalAuthService();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
  resetLocalAuthService();
  clearMailbox();
});

describe('which mode serves what', () => {
  it('embedded: the local auth service and the dev mailbox', () => {
    withEnv({ DATABASE_URL: '', SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SMTP_URL: '' });
    expect(localAuthEnabled()).toBe(true);
    expect(getLocalAuthService()).toBeTypeOf('function');
    expect(mailboxEnabled()).toBe(true);
    expect(mailerFromEnv()).toBe(devMailbox);
  });
  it('embedded with SMTP_URL: emails go through SMTP and the mailbox routes answer 404', () => {
    withEnv({ DATABASE_URL: '', SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SMTP_URL: 'smtp://localhost:2525' });
    expect(mailboxEnabled()).toBe(false);
    expect(mailerFromEnv()).not.toBe(devMailbox);
  });
  it('self-hosted: the local auth service, no mailbox', () => {
    withEnv({
      DATABASE_URL: 'postgres://u:p@db.test:5432/app',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SITE_URL: 'https://critical-hit.example',
    });
    expect(getLocalAuthService()).toBeTypeOf('function');
    expect(mailboxEnabled()).toBe(false);
  });
  it('Supabase: hosted auth, so no local service (its route answers 404) and no mailbox', () => {
    withEnv(SUPABASE);
    expect(localAuthEnabled()).toBe(false);
    expect(getLocalAuthService()).toBeNull();
    expect(mailboxEnabled()).toBe(false);
  });
});

describe('dev mailbox', () => {
  it('keeps messages newest first with their links, and logs neither the link nor the full address', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await devMailbox.send({
      to: 'alice@b.cd',
      subject: 'First',
      text: 't',
      html: '<a href="http://x.test/verify?token=SECRET&amp;type=signup">go</a>',
    });
    await devMailbox.send({ to: 'alice@b.cd', subject: 'Second', text: 't', html: '<p>no link</p>' });
    expect(mailboxEntries().map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(mailboxEntries()[1]!.links).toEqual(['http://x.test/verify?token=SECRET&type=signup']);
    const logged = log.mock.calls.flat().join(' ');
    expect(logged).not.toContain('SECRET');
    expect(logged).not.toContain('alice@b.cd');
    expect(logged).toContain('a***@b.cd');
    log.mockRestore();
  });
  it('extracts links', () => {
    expect(extractLinks('<a href="a">x</a><a href="b&amp;c">y</a>')).toEqual(['a', 'b&c']);
  });
});

describe('settings from the environment', () => {
  it('AUTH_MAILER_AUTOCONFIRM=1 turns autoconfirm on (off by default)', async () => {
    const { generatePrivateJwk } = await import('./keys.ts');
    const key = JSON.stringify(await generatePrivateJwk());
    const settings = async () => {
      const response = await getLocalAuthService()!(new Request('http://localhost:4321/auth/v1/settings'));
      return (await response.json()) as { mailer_autoconfirm: boolean };
    };
    withEnv({ DATABASE_URL: '', SUPABASE_URL: '', SUPABASE_ANON_KEY: '', AUTH_JWT_PRIVATE_KEY: key });
    expect((await settings()).mailer_autoconfirm).toBe(false);
    withEnv({ AUTH_MAILER_AUTOCONFIRM: '1' });
    expect((await settings()).mailer_autoconfirm).toBe(true);
  });
});

describe('signing keys', () => {
  it('AUTH_JWT_PRIVATE_KEY: the configured key, its public half only in the JWKS', async () => {
    const { generatePrivateJwk, keyFromEnvValue } = await import('./keys.ts');
    const jwk = await generatePrivateJwk();
    const key = await keyFromEnvValue(JSON.stringify(jwk));
    expect(key.kid).toBe(jwk.kid);
    expect(key.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: jwk.kid, use: 'sig' });
    expect(key.publicJwk).not.toHaveProperty('d');
  });
});
