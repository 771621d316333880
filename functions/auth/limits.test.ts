import { describe, expect, it } from 'vitest';
import { useDirectAuth, directAuth, uniqueClient, uniqueEmail, PASSWORD } from '../../tests/helpers/auth-service.ts';
import { DEFAULT_AUTH_LIMITS } from './limits.ts';

const t = useDirectAuth();

const signUp = (email: string, client: string) =>
  t.auth.json('POST', '/signup', { body: { email, password: PASSWORD }, client });
const recover = (email: string, client = uniqueClient()) =>
  t.auth.json('POST', '/recover', { body: { email }, client });
const signIn = (email: string, password: string, client = uniqueClient()) =>
  t.auth.json('POST', '/token?grant_type=password', { body: { email, password }, client });

describe('emails: per client, per recipient and in total', () => {
  it('30 sign-ups from one address stop at its own email limit; everyone else can still sign up', async () => {
    const attacker = uniqueClient();
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof signUp>> | undefined;
    for (let i = 0; i < 30; i += 1) {
      const outcome = await signUp(uniqueEmail('flood'), attacker);
      statuses.push(outcome.status);
      if (outcome.status === 429) refusal ??= outcome;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_AUTH_LIMITS.emailsPerClient.limit);
    expect(refusal!.body.code).toBe('over_email_send_rate_limit');
    expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(0);
    // A refused sign-up leaves no account behind.
    expect(
      await t.database.db.selectFrom('auth.users').select('id').where('email', 'like', 'flood-%').execute(),
    ).toHaveLength(10);

    const other = uniqueEmail('bystander');
    expect((await signUp(other, uniqueClient())).status).toBe(200);
    expect(t.auth.lastEmail(other)?.subject).toBe('Confirm Your Signup');
    expect((await recover(await t.auth.confirmedUser())).status).toBe(200);
  });

  it('the total is a circuit breaker that takes many clients to reach', async () => {
    await t.database.db.deleteFrom('app_meta.auth_rate_limits').execute();
    const small = directAuth(t.database, {
      limits: {
        ...DEFAULT_AUTH_LIMITS,
        emailsPerClient: { limit: 2, periodSeconds: 3600 },
        emailsTotal: { limit: 5, periodSeconds: 3600 },
      },
    });
    const statuses: number[] = [];
    for (const client of [uniqueClient(), uniqueClient(), uniqueClient()]) {
      for (let i = 0; i < 2; i += 1)
        statuses.push(
          (await small.json('POST', '/signup', { body: { email: uniqueEmail(), password: PASSWORD }, client })).status,
        );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The service-wide bucket is shared with the other tests' service: start them afresh.
    await t.database.db.deleteFrom('app_meta.auth_rate_limits').execute();
  });

  it('one recovery email per address a minute, refused alike for known and unknown addresses', async () => {
    const known = await t.auth.confirmedUser();
    const unknown = uniqueEmail('ghost');
    const first = [await recover(known), await recover(unknown)];
    const again = [await recover(known), await recover(unknown)];
    for (const outcome of first) expect(outcome.status).toBe(200);
    for (const outcome of again) {
      expect(outcome.status).toBe(429);
      expect(outcome.body).toEqual({
        code: 'over_email_send_rate_limit',
        message: 'For security purposes, you can only request this after 60 seconds.',
      });
      expect(outcome.headers.get('retry-after')).toBe('60');
    }
    t.auth.advance(61);
    expect((await recover(known)).status).toBe(200);
    expect((await recover(unknown)).status).toBe(200);
  });

  it('a sign-up email and a recovery email to one address within a minute are both sent (different kinds)', async () => {
    const email = uniqueEmail('both');
    expect((await signUp(email, uniqueClient())).status).toBe(200);
    expect((await recover(email)).status).toBe(200);
    expect(t.auth.mailbox.filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual([
      'Confirm Your Signup',
      'Reset Your Password',
    ]);
  });
});

describe('failed sign-ins slow down per account', () => {
  it('after five failures the account waits (with Retry-After), even for the right password; then it may try again', async () => {
    const email = await t.auth.confirmedUser();
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(email, `Wrong-${i}-password`)).body.code).toBe('invalid_credentials');
    const blocked = await signIn(email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('over_request_rate_limit');
    expect(blocked.headers.get('retry-after')).toBe('30');
    t.auth.advance(31);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    // The success forgot the failures.
    for (let i = 0; i < 5; i += 1) expect((await signIn(email, `Wrong-${i}-again`)).status).toBe(400);
  });

  it('the same for an address that has no account (same answers, same waits)', async () => {
    const ghost = uniqueEmail('nobody');
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await signIn(ghost, `Wrong-${i}-password`));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(answers[5]!.headers.get('retry-after')).toBe('30');
    t.auth.advance(31);
    expect((await signIn(ghost, 'Another-1-try')).body.code).toBe('invalid_credentials');
    expect((await signIn(ghost, 'Another-2-try')).headers.get('retry-after')).toBe('60');
  });

  it('per client: the 31st sign-in attempt in five minutes is refused whatever the accounts', async () => {
    const client = uniqueClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await signIn(uniqueEmail('spray'), 'Wrong-password-1', client)).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('recovery tells nobody who has an account', () => {
  it('known and unknown addresses get the same status, body and headers', async () => {
    const known = await recover(await t.auth.confirmedUser());
    const unknown = await recover(uniqueEmail('ghost'));
    const headers = (response: typeof known) => [...response.headers].filter(([name]) => name !== 'date');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(headers(unknown)).toEqual(headers(known));
  });

  it('and take the same time (medians of several tries; unknown at least half of known)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const time = async (email: string) => {
      const start = performance.now();
      await recover(email);
      return performance.now() - start;
    };
    const accounts = [];
    for (let i = 0; i < 13; i += 1) accounts.push(await t.auth.confirmedUser());
    // Two of each first, not counted: the first calls of either path pay for warming up.
    for (let i = 0; i < 2; i += 1) {
      await time(accounts[11 + i]!);
      await time(uniqueEmail('ghost'));
    }
    for (let i = 0; i < 11; i += 1) {
      known.push(await time(accounts[i]!));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(median(unknown)).toBeGreaterThanOrEqual(median(known) / 2);
  });
});
