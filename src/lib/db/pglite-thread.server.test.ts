import { once } from 'node:events';
import { connect, createServer, type AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseConnection } from './connect.server.ts';
import { openPglite } from './pglite.server.ts';
import { isDatabaseUnavailable, isInvalidInput } from './errors.ts';
import { poolOverThread, startPgliteThread, type PgliteThread } from './pglite-thread.server.ts';
import type { Database } from './schema.ts';
import { pgliteTemplate } from '../../../tests/helpers/database.ts';
import { whileTicking } from '../../../tests/helpers/event-loop.ts';

/** A simple-protocol Query message, as node-postgres would send it. */
function simpleQuery(text: string): Uint8Array<ArrayBuffer> {
  const body = new TextEncoder().encode(`${text}\0`);
  const message = new Uint8Array(5 + body.length);
  message[0] = 'Q'.charCodeAt(0);
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

// A few hundred milliseconds of work for the engine, in one statement.
const busyStatement = (db: Kysely<Database>) => sql`select count(*) from generate_series(1, 500000)`.execute(db);

describe('the embedded database in its own thread', () => {
  let connection: DatabaseConnection;
  let db: Kysely<Database>;

  beforeAll(async () => {
    connection = await openPglite('memory://', { thread: true, loadDataDir: await pgliteTemplate() });
    db = connection.db;
    await sql`create table thread_probe (id int primary key, day date, note text not null)`.execute(db);
  }, 120_000);
  afterAll(() => connection?.close());

  it('returns rows as node-postgres parses them (dates stay YYYY-MM-DD, parameters bound)', async () => {
    const { rows } = await sql<{ day: string; n: number; games: number }>`
      select '2026-02-03'::date as day, ${41}::int + 1 as n, (select count(*)::int from public.games) as games`.execute(
      db,
    );
    expect(rows).toEqual([{ day: '2026-02-03', n: 42, games: 0 }]);
  });

  it('keeps the SQLSTATE of a refused statement, so refusals are not taken for an outage', async () => {
    await sql`insert into thread_probe (id, note) values (1, 'first')`.execute(db);
    const duplicate = await sql`insert into thread_probe (id, note) values (1, 'again')`
      .execute(db)
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    const notANumber = await sql`select ${'seven'}::int`.execute(db).catch((error: unknown) => error);
    expect(isInvalidInput(notANumber)).toBe(true);
    // The connection is fine afterwards.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('keeps the event loop turning while a statement runs', async () => {
    const { ticks, longestGap, took } = await whileTicking(() => busyStatement(db));
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('holds its one connection for a transaction: other queries wait for the commit and see it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      await sql`insert into thread_probe (id, note) values (2, 'in a transaction')`.execute(trx);
      outside = sql<{ note: string }>`select note from thread_probe where id = 2`.execute(db).then((result) => {
        order.push('outside');
        return result.rows;
      });
      await sql`select pg_catalog.txid_current()`.execute(trx);
      order.push('commit');
    });
    expect(await outside).toEqual([{ note: 'in a transaction' }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('rolls back what a failed transaction wrote', async () => {
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into thread_probe (id, note) values (3, 'undone')`.execute(trx);
        await sql`insert into thread_probe (id, note) values (3, 'clash')`.execute(trx);
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505' });
    expect((await sql`select 1 from thread_probe where id = 3`.execute(db)).rows).toEqual([]);
  });

  it('answers a ping while a transaction holds the connection (a query would wait for it)', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into thread_probe (id, note) values (4, 'held')`.execute(trx);
      await connection.ping!();
    });
  });

  it('dumps its data directory as a tarball', async () => {
    const dump = await connection.dumpDataDir!('none');
    const header = new TextDecoder().decode(await dump.slice(257, 262).arrayBuffer());
    expect(header).toBe('ustar');
    expect(dump.size).toBeGreaterThan(1_000_000);
  });
});

describe('the pool over the thread', () => {
  let thread: PgliteThread;
  let pool: pg.Pool;

  beforeAll(async () => {
    thread = await startPgliteThread('memory://', await pgliteTemplate());
    pool = poolOverThread(thread);
    await pool.query('create table held (id int primary key)');
  }, 120_000);
  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    await thread?.close();
  });

  it('rolls back the transaction of a client that died inside it before the next client runs', async () => {
    const dying = await pool.connect();
    await dying.query('begin');
    await dying.query('insert into held values (1)');
    // A request that fails mid-transaction and hands its client back broken.
    dying.release(new Error('the request died'));
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from held');
    expect(rows).toEqual([{ n: 0 }]);
    await pool.query('insert into held values (1)');
    expect((await pool.query('select id from held')).rows).toEqual([{ id: 1 }]);
  });

  it("names each session's statements apart on the one engine, and drops them when the session ends", async () => {
    const [first, second] = [await pool.connect(), await pool.connect()];
    const prefixOf = (client: pg.PoolClient) => (client as unknown as { statementPrefix: string }).statementPrefix;
    const [gone, kept] = [prefixOf(first), prefixOf(second)];
    // Without parameters, so that the count itself prepares nothing.
    const namesStarting = async (prefix: string) =>
      (
        await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_prepared_statements where starts_with(name, '${prefix}')`,
        )
      ).rows[0]!.n;
    try {
      // The same text on two sessions at once: a statement of each session's own, no clash.
      const same = 'select $1::int + 1 as n';
      const answers = await Promise.all([
        first.query<{ n: number }>(same, [1]),
        second.query<{ n: number }>(same, [2]),
        first.query<{ n: number }>(same, [3]),
      ]);
      expect(answers.map((answer) => answer.rows[0]!.n)).toEqual([2, 3, 4]);
      expect(await namesStarting(gone)).toBe(1);
      expect(await namesStarting(kept)).toBe(1);
    } finally {
      first.release(new Error('the request died'));
      second.release();
    }
    await expect.poll(() => namesStarting(gone)).toBe(0);
    expect(await namesStarting(kept)).toBe(1);
  });

  it('gives an open transaction the engine: another client waits for its commit, then sees it', async () => {
    const owner = await pool.connect();
    const other = await pool.connect();
    const order: string[] = [];
    try {
      await owner.query('begin');
      await owner.query('insert into held values (2)');
      // Without the gate this would run inside the open transaction and see the row at once.
      const seen = other.query<{ n: number }>('select count(*)::int as n from held where id = 2').then((result) => {
        order.push('other');
        return result.rows;
      });
      await owner.query('select pg_catalog.txid_current()');
      order.push('commit');
      await owner.query('commit');
      expect(await seen).toEqual([{ n: 1 }]);
      expect(order).toEqual(['commit', 'other']);
    } finally {
      owner.release();
      other.release();
    }
  });

  it('answers a ping at once while the engine is in the middle of a long statement', async () => {
    await pool.query('select 1');
    const order: string[] = [];
    // Posted to the thread before the ping: without the shortcut the ping would wait for it.
    const statement = thread
      .exec(thread.session(), simpleQuery('select count(*) from generate_series(1, 500000)'))
      .then(() => order.push('statement'));
    await thread.ping().then(() => order.push('ping'));
    await statement;
    expect(order).toEqual(['ping', 'statement']);
  });

  it('hands its answers over one per turn of the event loop, so the network is read between two', async () => {
    const order: string[] = [];
    const { promise: read, resolve: onRead } = Promise.withResolvers<void>();
    const server = createServer((socket) =>
      socket.on('data', () => {
        order.push('network');
        onRead();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    try {
      const answered = [1, 2, 3, 4].map((n) =>
        thread.exec(thread.session(), simpleQuery(`select ${n}`)).then(() => {
          order.push('answer');
          // What a request does once its rows are in: something the network must carry.
          if (order.length === 1) client.write('x');
        }),
      );
      // Hold this thread until all four answers wait on the port at once, as they do while
      // the server is busy rendering.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      await Promise.all([...answered, read]);
      // Handed over in one go, all four would run before the byte is read.
      expect(order.slice(0, 2)).toEqual(['answer', 'network']);
    } finally {
      client.destroy();
      server.close();
    }
  });

  it('answers "unavailable" once the engine has stopped, as an outage (503), not a crash', async () => {
    await thread.close();
    const failure = await pool.query('select 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(thread.ping()).rejects.toThrow(/PGlite is closed/);
  });
});

describe('the engine in this thread, for contrast', () => {
  it('holds the event loop for the whole statement (what the thread is for)', async () => {
    const inProcess = await openPglite('memory://', { loadDataDir: await pgliteTemplate() });
    try {
      const { longestGap, took } = await whileTicking(() => busyStatement(inProcess.db));
      expect(longestGap).toBeGreaterThan(took * 0.6);
    } finally {
      await inProcess.close();
    }
  }, 120_000);
});
