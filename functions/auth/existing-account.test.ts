import { describe, expect, it } from 'vitest';
import { directAuth, PASSWORD, uniqueEmail, useDirectAuth } from '../../tests/helpers/auth-service.ts';
import { BCRYPT_COST } from './passwords.ts';

// Supabase's bcrypt cost, as in production: the comparison is about the work each path does.
const t = useDirectAuth({ bcryptCost: BCRYPT_COST });

const signUp = (email: string) =>
  t.auth.json('POST', '/signup', { body: { email, password: 'Another-Pass-5', data: { full_name: 'Someone' } } });

describe('a sign-up with a registered address', () => {
  it(
    'takes as long as a new one (medians of several tries; registered at least half of new)',
    { timeout: 120_000 },
    async () => {
      // The accounts are made quickly (cheap hashes, same database); what is timed uses the real cost.
      const maker = directAuth(t.database);
      const accounts: string[] = [];
      for (let i = 0; i < 13; i += 1) accounts.push(await maker.confirmedUser());
      // Past the one sign-up email a minute to each address (their confirmations).
      t.auth.advance(61);
      const time = async (email: string) => {
        const start = performance.now();
        const { status } = await signUp(email);
        expect(status).toBe(200);
        return performance.now() - start;
      };
      // Two of each first, not counted: the first calls of either path pay for warming up.
      for (let i = 0; i < 2; i += 1) {
        await time(accounts[11 + i]!);
        await time(uniqueEmail('fresh'));
      }
      const registered: number[] = [];
      const fresh: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        registered.push(await time(accounts[i]!));
        fresh.push(await time(uniqueEmail('fresh')));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      expect(median(registered)).toBeGreaterThanOrEqual(median(fresh) / 2);
    },
  );

  it('meets the same limits: one sign-up email a minute to an address, registered or not', async () => {
    const [registered, fresh] = [await t.auth.confirmedUser(), uniqueEmail('fresh')];
    t.auth.advance(61);
    expect([(await signUp(registered)).status, (await signUp(fresh)).status]).toEqual([200, 200]);
    const again = [await signUp(registered), await signUp(fresh)];
    expect(again.map((answer) => answer.status)).toEqual([429, 429]);
    expect(again[0]!.body).toEqual(again[1]!.body);
    // The first sign-up's password stays: nobody's password changes by signing up again.
    t.auth.advance(61);
    expect(
      (await t.auth.json('POST', '/token?grant_type=password', { body: { email: registered, password: PASSWORD } }))
        .status,
    ).toBe(200);
  });
});
