import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import { GET as mailboxJson } from '../../src/pages/dev/mailbox.json.ts';
import { clearMailbox, devMailbox, isLoopbackAddress, isLoopbackHost, mailboxVisibleTo } from './dev-mailbox.ts';

const EMBEDDED = { DATABASE_URL: '', SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SMTP_URL: '', HOST: '', DEV_MAILBOX: '', NODE_ENV: 'development', SITE_URL: '' };

function withEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries({ ...EMBEDDED, ...values })) vi.stubEnv(key, value);
  resetEnvCache();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
  clearMailbox();
});

describe('loopback', () => {
  it('addresses', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.5', '::ffff:10.0.0.1', 'fe80::1', '0.0.0.0', '::', 'localhost.evil', '', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
  it('hosts the server listens on', () => {
    for (const host of [undefined, 'localhost', 'LOCALHOST', '127.0.0.1', '::1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'critical-hit.example']) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('who may read the dev mailbox', () => {
  const matrix: [env: Record<string, string>, client: string | undefined, visible: boolean][] = [
    [{}, '127.0.0.1', true],
    [{}, '::1', true],
    [{ HOST: '127.0.0.1' }, '127.0.0.1', true],
    [{}, '192.168.1.20', false],
    [{}, undefined, false],
    // Listening on every interface: another machine could reach it, so nobody reads it.
    [{ HOST: '0.0.0.0' }, '127.0.0.1', false],
    [{ HOST: '0.0.0.0' }, '192.168.1.20', false],
    // On purpose: any client.
    [{ HOST: '0.0.0.0', DEV_MAILBOX: '1' }, '192.168.1.20', true],
    [{ DEV_MAILBOX: '0' }, '127.0.0.1', false],
    // Never in production, never without the embedded mailbox.
    [{ NODE_ENV: 'production', SITE_URL: 'https://critical-hit.example' }, '127.0.0.1', false],
    [{ NODE_ENV: 'production', SITE_URL: 'https://critical-hit.example', DEV_MAILBOX: '1' }, '127.0.0.1', false],
    [{ SMTP_URL: 'smtp://localhost:2525' }, '127.0.0.1', false],
    [{ DATABASE_URL: 'postgres://u:p@db.test:5432/app', SITE_URL: 'https://critical-hit.example', DEV_MAILBOX: '1' }, '127.0.0.1', false],
  ];
  for (const [env, client, visible] of matrix) {
    it(`${JSON.stringify(env)} from ${client}: ${visible ? 'shown' : '404'}`, () => {
      withEnv(env);
      expect(mailboxVisibleTo(client)).toBe(visible);
    });
  }

  it('the JSON route answers 404 to a remote client and the messages to a local one', async () => {
    withEnv({});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await devMailbox.send({ to: 'a@b.cd', subject: 'Confirm Your Signup', text: 't', html: '<a href="http://localhost/verify?token=T">x</a>' });
    const call = (clientAddress: string) =>
      (mailboxJson as unknown as (context: { clientAddress: string }) => Response)({
        get clientAddress() {
          return clientAddress;
        },
      });
    const remote = call('203.0.113.9');
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain('token');
    const local = call('127.0.0.1');
    expect(local.status).toBe(200);
    expect((await local.json()).messages[0].links).toEqual(['http://localhost/verify?token=T']);
  });
});
