import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, DatabaseUnavailableError, isDatabaseUnavailable, isInvalidInput } from './errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN'])(
    'is true for the socket error %s',
    (code) => {
      expect(isDatabaseUnavailable(withCode(code, `connect ${code} 127.0.0.1:5432`))).toBe(true);
    },
  );

  it.each(['08000', '08001', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300'])(
    'is true for SQLSTATE %s',
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    },
  );

  it.each(['42601', '42P01', '23505', '22P02', '40001', '57014'])(
    'is false for SQLSTATE %s (a problem with the query)',
    (code) => {
      expect(isDatabaseUnavailable(withCode(code, 'syntax error at or near "selec"'))).toBe(false);
    },
  );

  it('is true for the pool’s and PGlite’s connection messages', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  });

  it('is true for its own error classes', () => {
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('down'))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseLockedError('locked'))).toBe(true);
    expect(new DatabaseLockedError('locked')).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('looks through nested causes', () => {
    const root = withCode('ECONNREFUSED');
    const wrapped = new Error('query failed', { cause: new Error('pool error', { cause: root }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('42601') }))).toBe(false);
  });

  it('looks inside an AggregateError (IPv4 and IPv6 both refused)', () => {
    const aggregate = new AggregateError([new Error('something else'), withCode('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('42601')], ''))).toBe(false);
  });

  it('is false for non-errors and ordinary errors', () => {
    for (const value of [undefined, null, 'ECONNREFUSED', 42, new Error('boom'), new TypeError('x is undefined')]) {
      expect(isDatabaseUnavailable(value)).toBe(false);
    }
  });

  it('stops on a cause cycle', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('isInvalidInput', () => {
  it.each(['22021', '22P02', '22P05', '22001', '22003', '22007', '22008'])(
    'is true for SQLSTATE %s (a value the request supplied)',
    (code) => {
      expect(isInvalidInput(withCode(code))).toBe(true);
    },
  );

  it.each(['22012', '42601', '23505', '08006', 'ECONNREFUSED'])('is false for %s', (code) => {
    expect(isInvalidInput(withCode(code))).toBe(false);
  });

  it('is false for non-errors', () => {
    for (const value of [undefined, null, '22021', new Error('22021')]) expect(isInvalidInput(value)).toBe(false);
  });
});
