// nginx (Debian's, when installed) serving the bench's static file on its own port, with
// gzip on as a production config would have it: the reference the node server's static
// files and cached pages are compared with. Started and stopped by the bench.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nginxBinary, startSiteNginx } from '../nginx-site.ts';

export interface Nginx {
  version: string;
  stop(): void;
}

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** Serves `dir`'s files on 127.0.0.1:`port`; null when nginx is not installed, an error when it does not start. */
export async function startNginx(dir: string, port: number): Promise<Nginx | null> {
  const which = spawnSync('which', ['nginx'], { encoding: 'utf8' });
  const binary =
    which.status === 0 ? which.stdout.trim() : NGINX.find((candidate) => spawnSync(candidate, ['-v']).status === 0);
  if (!binary) return null;
  const version = /nginx\/([\d.]+)/.exec(spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr)?.[1] ?? 'unknown';
  const prefix = path.join(dir, 'nginx');
  const root = path.join(prefix, 'www');
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  mkdirSync(root, { recursive: true });
  copyFileSync(path.join(dir, 'bench-static.html'), path.join(root, 'bench-static.html'));
  // nginx's workers run as nobody: they must be able to read the files.
  for (const folder of [dir, prefix, root]) chmodSync(folder, 0o755);
  chmodSync(path.join(root, 'bench-static.html'), 0o644);
  const config = path.join(prefix, 'nginx.conf');
  const temp = path.join(prefix, 'tmp');
  writeFileSync(
    config,
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  types { text/html html; }
  sendfile on;
  gzip on;
  gzip_types text/html;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn(binary, ['-p', prefix, '-c', config, '-e', path.join(prefix, 'error.log')], { stdio: 'ignore' });
  const stop = () => {
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM');
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx ${version} exited at start (see ${prefix}/error.log)`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/bench-static.html`)).ok) return { version, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`nginx ${version} did not answer on port ${port}`);
}

/**
 * The production setup of docs/deploy.md, deploy/nginx/critical-hit.conf itself, in front of
 * the bench's node server on 127.0.0.1:`port`, one worker like the static reference above; null
 * when nginx is not installed.
 */
export async function startNginxInFront(dir: string, port: number, upstream: string): Promise<Nginx | null> {
  if (!nginxBinary()) return null;
  chmodSync(dir, 0o755); // nginx's workers (nobody, when started as root) pass through it
  const running = await startSiteNginx({
    listen: `127.0.0.1:${port}`,
    upstreams: [upstream],
    root: path.resolve('dist/client'),
    dir: path.join(dir, 'nginx-front'),
  });
  return { version: running.version, stop: () => void running.stop() };
}
