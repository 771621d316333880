import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { closeDatabase, setConnector } from '../../src/lib/db/db.server.ts';
import { handleHealth } from './handlers.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

let database: DatabaseConnection;
/** What the registry gets: the test database, whose close() leaves it open for the next test. */
let connection: DatabaseConnection;

beforeAll(async () => {
  database = await createTestDatabase();
  connection = { ...database, close: async () => {} };
});

afterEach(async () => {
  await closeDatabase();
});

afterAll(async () => {
  setConnector(() => Promise.reject(new Error('the test database is closed')));
  await database.close();
});

describe('handleHealth', () => {
  it('answers 200 with the database kind when the database responds', async () => {
    setConnector(() => Promise.resolve(connection));
    const response = await handleHealth();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('answers 503 database_unavailable when the database refuses connections', async () => {
    setConnector(() => Promise.reject(refused()));
    const response = await handleHealth();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message: 'The database cannot be reached right now. Please try again in a few moments.',
      },
    });
  });

  it('recovers once the database is back (a failed connection is not kept)', async () => {
    let attempts = 0;
    setConnector(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(refused()) : Promise.resolve(connection);
    });
    expect((await handleHealth()).status).toBe(503);
    const response = await handleHealth();
    expect(response.status).toBe(200);
    expect(attempts).toBe(2);
  });

  it('reuses the open connection for later checks', async () => {
    let attempts = 0;
    setConnector(() => {
      attempts += 1;
      return Promise.resolve(connection);
    });
    await handleHealth();
    await handleHealth();
    expect(attempts).toBe(1);
  });

  it('does not hide errors that are not about availability', async () => {
    setConnector(() => Promise.reject(new Error('migration 0002 failed')));
    await expect(handleHealth()).rejects.toThrow('migration 0002 failed');
  });
});
