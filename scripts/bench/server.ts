// The site's node server as the bench runs it: a checkout's own `scripts/start.ts` with that
// checkout's node, on HOST:PORT, against the bench database. On PostgreSQL it runs one node
// server per core, as docs/deploy.md has a production machine run it (WEB_CONCURRENCY); the
// embedded database lives in one process.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { ALL_LISTENING } from '../../server/node-servers.ts';
import type { Tree } from './processes.ts';

export interface BenchServerOptions {
  tree: Tree;
  host: string;
  port: number;
  /** Where it finds the database (DATABASE_URL or PGLITE_DIR). */
  env: Record<string, string>;
  servers: number;
}

export class BenchServer {
  readonly origin: string;
  private readonly options: BenchServerOptions;
  private child: ChildProcessByStdio<null, Readable, null>;
  private listening = false;

  constructor(options: BenchServerOptions) {
    this.options = options;
    this.origin = `http://${options.host}:${options.port}`;
    this.child = this.spawn();
  }

  private spawn() {
    const { tree, host, port, env, servers } = this.options;
    this.listening = servers === 1;
    const child = spawn(tree.node, ['scripts/start.ts'], {
      cwd: tree.dir,
      // A thousand sign-ins (the realtime sockets) from one address: the bench lifts that limit only.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: host,
        ...env,
        AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
        WEB_CONCURRENCY: String(servers),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Several servers share the port as each starts: the loads wait until all of them listen.
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(ALL_LISTENING)) this.listening = true;
    });
    return child;
  }

  /** The process the bench started (with several servers, their supervisor). */
  get pid(): number {
    return this.child.pid!;
  }

  /** Resolves once the health check answers 200 and every server listens. */
  async ready(): Promise<void> {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if (this.child.exitCode !== null) throw new Error('the server exited');
      try {
        if ((await fetch(`${this.origin}/api/health`)).status === 200 && this.listening) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the server did not start');
  }

  /** Stops it (SIGTERM) without waiting: for the bench's exit handler. */
  kill(): void {
    if (this.child.exitCode === null && this.child.pid) process.kill(this.child.pid, 'SIGTERM');
  }

  /** Stops it and resolves once it has exited. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.kill();
    await exited;
  }

  /** Stops it and starts it again (it lists its static files when it starts), ready. */
  async restart(): Promise<void> {
    await this.stop();
    this.child = this.spawn();
    await this.ready();
  }
}
