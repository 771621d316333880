import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import { GET as mailboxJson } from '../../src/pages/dev/mailbox.json.ts';
import { clearMailbox, devMailbox, isLoopbackAddress, isLoopbackHost, mailboxVisibleTo } from './dev-mailbox.ts';

const EMBEDDED = {
  DATABASE_URL: '',
  SUPABASE_URL: '',
  SUPABASE_ANON_KEY: '',
  SMTP_URL: '',
  HOST: '',
  DEV_MAILBOX: '',
  NODE_ENV: 'development',
  SITE_URL: '',
};

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
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [
      '10.0.0.1',
      '192.168.1.5',
      '::ffff:10.0.0.1',
      'fe80::1',
      '0.0.0.0',
      '::',
      'localhost.evil',
      '',
      undefined,
    ]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
  it('hosts the server listens on', () => {
    for (const host of [undefined, 'localhost', 'LOCALHOST', '127.0.0.1', '::1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'critical-hit.example'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('who may read the dev mailbox', () => {
  const LOCAL = 'localhost:4321';
  const matrix: [env: Record<string, string>, client: string | undefined, host: string | null, visible: boolean][] = [
    [{}, '127.0.0.1', LOCAL, true],
    [{}, '::1', LOCAL, true],
    [{}, '127.0.0.1', 'LOCALHOST', true],
    [{}, '127.0.0.1', '127.0.0.1:4321', true],
    [{}, '::1', '[::1]:4321', true],
    [{}, '::1', '[::1]', true],
    [{ HOST: '127.0.0.1' }, '127.0.0.1', LOCAL, true],
    [{}, '192.168.1.20', LOCAL, false],
    [{}, undefined, LOCAL, false],
    // DNS rebinding: a page on another site whose name now points at 127.0.0.1 reads through the
    // visitor's own browser, a loopback client; its requests carry that site's name as Host.
    [{}, '127.0.0.1', 'attacker.example:4321', false],
    [{}, '127.0.0.1', 'attacker.example', false],
    [{}, '127.0.0.1', 'localhost.attacker.example:4321', false],
    [{}, '127.0.0.1', '127.0.0.1.nip.io:4321', false],
    [{}, '127.0.0.1', '127.0.0.2:4321', false],
    [{}, '::1', '[::1].attacker.example', false],
    [{}, '127.0.0.1', 'localhost:4321@attacker.example', false],
    [{}, '127.0.0.1', null, false],
    [{}, '127.0.0.1', '', false],
    // Listening on every interface: another machine could reach it, so nobody reads it.
    [{ HOST: '0.0.0.0' }, '127.0.0.1', LOCAL, false],
    [{ HOST: '0.0.0.0' }, '192.168.1.20', LOCAL, false],
    // On purpose: any client, by any name.
    [{ HOST: '0.0.0.0', DEV_MAILBOX: '1' }, '192.168.1.20', 'dev-vm.local:4321', true],
    [{ DEV_MAILBOX: '0' }, '127.0.0.1', LOCAL, false],
    // Never in production, never without the embedded mailbox.
    [{ NODE_ENV: 'production', SITE_URL: 'https://critical-hit.example' }, '127.0.0.1', LOCAL, false],
    [{ NODE_ENV: 'production', SITE_URL: 'https://critical-hit.example', DEV_MAILBOX: '1' }, '127.0.0.1', LOCAL, false],
    [{ SMTP_URL: 'smtp://localhost:2525' }, '127.0.0.1', LOCAL, false],
    [
      { DATABASE_URL: 'postgres://u:p@db.test:5432/app', SITE_URL: 'https://critical-hit.example', DEV_MAILBOX: '1' },
      '127.0.0.1',
      LOCAL,
      false,
    ],
  ];
  for (const [env, client, host, visible] of matrix) {
    it(`${JSON.stringify(env)} from ${client} as Host ${JSON.stringify(host)}: ${visible ? 'shown' : '404'}`, () => {
      withEnv(env);
      expect(mailboxVisibleTo(client, host)).toBe(visible);
    });
  }

  it('the JSON route answers 404 to a remote client and to a name that is not loopback, the messages to a local one', async () => {
    withEnv({});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await devMailbox.send({
      to: 'a@b.cd',
      subject: 'Confirm Your Signup',
      text: 't',
      html: '<a href="http://localhost/verify?token=T">x</a>',
    });
    const call = (clientAddress: string, host: string) =>
      (mailboxJson as unknown as (context: { clientAddress: string; request: Request }) => Promise<Response>)({
        get clientAddress() {
          return clientAddress;
        },
        request: new Request(`http://${host}/dev/mailbox.json`, { headers: { host } }),
      });
    for (const refused of [
      await call('203.0.113.9', 'localhost:4321'),
      await call('127.0.0.1', 'rebound.attacker.example:4321'),
    ]) {
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('token');
    }
    const local = await call('127.0.0.1', 'localhost:4321');
    expect(local.status).toBe(200);
    expect(((await local.json()) as { messages: { links: string[] }[] }).messages[0]?.links).toEqual([
      'http://localhost/verify?token=T',
    ]);
  });
});
