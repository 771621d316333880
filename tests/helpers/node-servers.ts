import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Built node servers (scripts/start.ts, after `npm run build`) on one PostgreSQL database,
 * as a deployment with several servers runs them: for the tests of what must hold across
 * servers. Each call makes a fresh database on TEST_DATABASE_URL's server, dropped again by
 * stop().
 */

export interface NodeServer {
  url: string;
  /** The process started (with WEB_CONCURRENCY above 1, the primary of its servers). */
  pid: number;
  /** Everything the process printed (for a failing test's message). */
  output(): string;
}

export interface NodeServers {
  servers: NodeServer[];
  databaseUrl: string;
  stop(): Promise<void>;
}

async function waitUntilHealthy(url: string, process: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`server ${url} exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server ${url} did not become healthy:\n${output()}`);
}

/** Refuses a port where something already answers: a server left from an earlier run would stand in for the new one. */
async function assertNothingAnswers(url: string): Promise<void> {
  const answered = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`${url} already answers: stop what listens there (a server of an earlier run?)`);
}

/** Starts one server per port, one after the other (the first applies the migrations). */
export async function startNodeServers(ports: number[], env: Record<string, string> = {}): Promise<NodeServers> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `critical_hit_servers_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

  const children: ChildProcess[] = [];
  const servers: NodeServer[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  try {
    for (const port of ports) {
      const url = `http://127.0.0.1:${port}`;
      await assertNothingAnswers(url);
      let printed = '';
      const child = spawn(process.execPath, ['scripts/start.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          HOST: '127.0.0.1',
          PORT: String(port),
          SITE_URL: `http://127.0.0.1:${ports[0]}`,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      children.push(child);
      await waitUntilHealthy(url, child, () => printed);
      servers.push({ url, pid: child.pid!, output: () => printed });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, databaseUrl, stop };
}
