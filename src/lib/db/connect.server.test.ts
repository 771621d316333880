import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleConnectionErrors } from './connect.server.ts';
import { isDatabaseUnavailable } from './errors.ts';

// Just enough of a PostgreSQL server to accept a connection: AuthenticationOk, then
// ReadyForQuery. Killing its sockets is a database going away under connected clients.
const READY = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]);
const sockets = new Set<net.Socket>();
let server: net.Server;
let url: string;

beforeAll(async () => {
  server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => socket.write(READY));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `postgres://nobody@127.0.0.1:${(server.address() as AddressInfo).port}/nothing`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// (events.once would listen for 'error' too, which is exactly what must not be needed.)
const ended = (emitter: pg.ClientBase) => new Promise<void>((resolve) => emitter.once('end', () => resolve()));

function dropEveryConnection(): void {
  for (const socket of sockets) socket.destroy();
}

describe('handleConnectionErrors', () => {
  it('keeps the process alive when a checked-out client loses its server, and the pool recovers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pool = handleConnectionErrors(new pg.Pool({ connectionString: url, max: 2 }));
    try {
      const client = await pool.connect();
      const clientEnded = ended(client);
      dropEveryConnection();
      // Without a listener of its own, the client's 'error' event would be thrown here and end the process.
      await clientEnded;
      const failure = await client.query('select 1').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      client.release();
      expect(pool.totalCount).toBe(0);
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(/^\[db\] connection lost: Connection terminated unexpectedly/),
      );

      // The same pool connects again once the server is there.
      const fresh = await pool.connect();
      fresh.release();
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
      logged.mockRestore();
    }
  });

  it('handles an idle client losing its server, and a standalone client', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pool = handleConnectionErrors(new pg.Pool({ connectionString: url, max: 1 }), 'listen');
    const standalone = handleConnectionErrors(new pg.Client({ connectionString: url }), 'listen');
    try {
      (await pool.connect()).release();
      await standalone.connect();
      const standaloneEnded = ended(standalone);
      dropEveryConnection();
      await standaloneEnded;
      await vi.waitFor(() => expect(pool.idleCount).toBe(0));
      expect(logged.mock.calls.filter(([line]) => String(line).startsWith('[listen] connection lost')).length).toBe(2);
    } finally {
      await pool.end();
      await standalone.end().catch(() => undefined);
      logged.mockRestore();
    }
  });
});
