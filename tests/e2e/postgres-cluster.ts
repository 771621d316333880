import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './servers.ts';

/**
 * A throwaway PostgreSQL 15 cluster of a test's own, for tests that stop and start the
 * database (the CI one is shared by other tests and must stay up). Made the way
 * .ci/throwaway-postgres.sh makes it: on 127.0.0.1, trust authentication, and as root the
 * cluster runs as the `postgres` user (PostgreSQL refuses to run as root). Commits are
 * synchronous, so an acknowledged write survives an immediate stop.
 */

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

export interface Cluster {
  url: string;
  /** `pg_ctl stop -m immediate`: every backend is killed, nothing is shut down cleanly. */
  stopImmediately(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createCluster(): Promise<Cluster> {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(
      `This test needs PostgreSQL 15: ${PG_BIN}/initdb was not found (apt-get install postgresql-15, or set PG_BIN).`,
    );
  }
  const root = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'critical-hit-outage-'));
  if (root) await run('chown', ['postgres:', dir]);
  const asOwner = (command: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args])
      : run(path.join(PG_BIN, command), args);
  const data = path.join(dir, 'data');
  await asOwner('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () =>
    void (await asOwner('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']));
  const stopImmediately = async () => void (await asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopImmediately,
    destroy: async () => {
      await stopImmediately().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
