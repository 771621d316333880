// `npm run measure:compression`: throughput of a cached game page against a static file of
// the same bytes from the same node server, with and without browser headers
// (`Accept-Encoding: br, gzip`), at 32 connections. The load comes from a separate node
// process (this script with --client), so the client never shares the server's event
// loop. The server is the built one (`npm run build` first) on a throwaway embedded
// database under .data/measure. With nginx installed, the same page through nginx in front of
// the server (deploy/nginx/critical-hit.conf) and the static file from nginx join the rounds.
// Figures: docs/decisions/compress-once.md, docs/deploy.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startNginx, startNginxInFront, type Nginx } from './bench/nginx.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};

interface ClientResult {
  requests: number;
  bytes: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
}

/** The load generator: `connections` keep-alive loops for `seconds`, after a one-second warm-up. */
async function client(
  url: string,
  connections: number,
  seconds: number,
  acceptEncoding: string,
): Promise<ClientResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const latencies: number[] = [];
  let requests = 0;
  let bytes = 0;
  let errors = 0;
  let measuring = false;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => (size += chunk.length));
          res.on('end', () => {
            if (measuring) {
              if (res.statusCode === 200) {
                requests += 1;
                bytes += size;
                latencies.push(performance.now() - started);
              } else errors += 1;
            }
            resolve();
          });
        })
        .on('error', () => {
          if (measuring) errors += 1;
          resolve();
        });
    });
  let stop = false;
  const loops = Array.from({ length: connections }, async () => {
    while (!stop) await one();
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return { requests, bytes, errors, seconds: elapsed, p50: at(0.5), p95: at(0.95) };
}

if (args[0] === '--client') {
  const [, url, connections, seconds, acceptEncoding] = args;
  const result = await client(url!, Number(connections), Number(seconds), acceptEncoding ?? '');
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(option('port', '4761'));
const connections = Number(option('connections', '32'));
const seconds = Number(option('seconds', '5'));
const gamePath = option('page', '/games/half-life-2');
// Targets alternate within each round; a row reports the median round (the machine is shared).
const rounds = Number(option('rounds', '3'));
const base = `http://localhost:${port}`;

function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      PGLITE_DIR: '.data/measure',
      STORAGE_DIR: '.data/measure-storage',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Server listening')) resolve(server);
    });
  });
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    server.removeAllListeners('exit');
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

async function runClient(url: string, acceptEncoding: string): Promise<ClientResult> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--client', url, String(connections), String(seconds), acceptEncoding],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out) as ClientResult;
}

// 1. The page's bytes, then a static file of exactly those bytes (and its compressed copies,
//    as the build makes them), which the server lists when it starts again.
let server = await startServer();
const page = Buffer.from(
  await (await fetch(`${base}${gamePath}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
);
await stopServer(server);
const staticDir = `${root}dist/client/measure`;
mkdirSync(staticDir, { recursive: true });
writeFileSync(`${staticDir}/page-copy.txt`, page);
writeFileSync(
  `${staticDir}/page-copy.txt.br`,
  brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
);
writeFileSync(`${staticDir}/page-copy.txt.gz`, gzipSync(page, { level: 9 }));

server = await startServer();
const nginxDir = mkdtempSync(path.join(os.tmpdir(), 'measure-nginx-'));
writeFileSync(path.join(nginxDir, 'bench-static.html'), page);
const nginxStatic: Nginx | null = await startNginx(nginxDir, port + 1);
const nginxFront: Nginx | null = await startNginxInFront(nginxDir, port + 2, `localhost:${port}`);
try {
  // Fill the route cache.
  await fetch(`${base}${gamePath}`);
  const targets: [string, string][] = [
    ['static file', `${base}/measure/page-copy.txt`],
    ['cached game page', `${base}${gamePath}`],
  ];
  if (nginxStatic)
    targets.push([
      `nginx ${nginxStatic.version}: static file (gzip on, 1 worker)`,
      `http://127.0.0.1:${port + 1}/bench-static.html`,
    ]);
  if (nginxFront)
    targets.push(['nginx in front: cached game page (1 worker)', `http://127.0.0.1:${port + 2}${gamePath}`]);
  const rows: string[] = [];
  const perSecond: Record<string, number> = {};
  for (const acceptEncoding of ['br, gzip', '']) {
    const runs = new Map<string, ClientResult[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, url] of targets) {
        const result = await runClient(url, acceptEncoding);
        runs.set(name, [...(runs.get(name) ?? []), result]);
      }
    }
    for (const [name] of targets) {
      const sorted = runs.get(name)!.sort((a, b) => a.requests / a.seconds - b.requests / b.seconds);
      const result = sorted[Math.floor(sorted.length / 2)]!;
      const rate = result.requests / result.seconds;
      perSecond[`${name}|${acceptEncoding}`] = rate;
      const ratio = rate / perSecond[`static file|${acceptEncoding}`]!;
      const size = Math.round(result.bytes / Math.max(1, result.requests));
      rows.push(
        `| ${name} | ${acceptEncoding || '(none)'} | ${size} | ${Math.round(rate)} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.errors} | ${ratio.toFixed(2)} |`,
      );
    }
  }
  console.log(
    `${new Date().toISOString()} · ${page.length} bytes (identity) · ${connections} connections · median of ${rounds} rounds of ${seconds} s · load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)\n`,
  );
  console.log('| target | Accept-Encoding | bytes sent | req/s | p50 ms | p95 ms | errors | ratio to static |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  nginxStatic?.stop();
  nginxFront?.stop();
  await stopServer(server);
  rmSync(nginxDir, { recursive: true, force: true });
}
