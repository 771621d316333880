import { describe, expect, it } from 'vitest';
import { filesNeedingIsolation } from '../helpers/isolation.ts';

const root = `${import.meta.dirname}/../..`;

describe('which test files run isolated', () => {
  const isolated = filesNeedingIsolation(['src/**/*.test.{ts,tsx}', 'functions/**/*.test.ts'], root);

  it('takes the files that mock modules, stub the environment or assign to process.env', () => {
    expect(isolated).toEqual(
      expect.arrayContaining([
        'src/lib/config/env.test.ts',
        'functions/membership/stripe-timeouts.test.ts',
        'src/lib/errors/sentry.server.test.ts',
      ]),
    );
  });

  it('leaves files that only call the code under test in the shared module graph', () => {
    expect(isolated).not.toContain('src/lib/scores/scores.test.ts');
    expect(isolated).not.toContain('functions/auth/configuration.test.ts');
  });
});
