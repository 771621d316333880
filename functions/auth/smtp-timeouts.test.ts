import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentServer, type SilentServer } from '../../tests/helpers/stand-ins.ts';
import { REMOTE_TIMEOUT_MS } from '../../src/lib/config/remote-timeouts.ts';
import { isRemoteServiceFailure } from '../../src/lib/http/remote.server.ts';
import { smtpMailer } from './mailer.ts';

// An SMTP server that accepts the connection and never greets: sending gives up after the
// greeting timeout (nodemailer's own default is 30 s, its connection timeout two minutes)
// with an error that names SMTP and the time, and that reads as a remote failure.

let silent: SilentServer;

beforeAll(async () => {
  silent = await silentServer();
});
afterAll(() => silent?.close());

describe('SMTP that never answers', () => {
  it('gives up after the greeting timeout with an error naming SMTP and the time', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${silent.port}`, 'Critical Hit <no-reply@localhost>');
    const started = performance.now();
    const error = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(REMOTE_TIMEOUT_MS.smtpGreeting - 50);
    expect(ms).toBeLessThan(REMOTE_TIMEOUT_MS.smtpGreeting + 3_000);
    expect(isRemoteServiceFailure(error)).toBe(true);
    expect((error as Error).message).toMatch(new RegExp(`^SMTP .*${REMOTE_TIMEOUT_MS.smtpGreeting} ms`));
  });

  it('a host that does not resolve fails at once, as a remote failure', async () => {
    const error = await smtpMailer('smtp://mail.critical-hit-test.invalid:25', 'x@localhost')
      .send({ to: 'a@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(isRemoteServiceFailure(error)).toBe(true);
    expect((error as Error).message).toMatch(/^SMTP .*mail\.critical-hit-test\.invalid/);
  });
});
