// The page rows of `npm run bench`: every public page type and the signed-in dashboard loaded
// with autocannon, with the browser's `Accept-Encoding: br, gzip` and without, uncached and
// cached, at 1 and 32 connections, beside a static file of the same bytes served by the same
// server (and by nginx, alone and in front of the server, when the bench started them).
// Every uncached request takes the next URL of its kind (page-sources.ts).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { PageRow, RatioRow } from '../bench-report.ts';
import { fetchHeaders, load, loadInTurns, turnSeconds, type LoadResult } from './load.ts';
import type { PageKind, PageSources } from './page-sources.ts';
import { settle } from './settle.ts';
import { atLeast, atMost, type Target } from './stats.ts';

/** The static file the pages are compared with: a game page's bytes, served as the build's files are. */
export const STATIC_URL = '/bench-static.txt';
/** Requests a second each probe beside the 32-connection row sends (see whileDatabaseBusy). */
const PROBE_RATE = 20;
/**
 * Rows are measured in turns: each of `rows` in order gets its share of a row's seconds in
 * every one of `turns` rounds (load.ts, loadInTurns), the server settled before each turn.
 * A row alone is one turn. Rows whose figures are divided by one another share turns, so
 * that a slow few seconds of the shared machine cannot fall on one of them only.
 */
const TURNS = 3;

/** A game page's own bytes (same size, same compressibility as the page), for the static file. */
export async function gamePageBytes(origin: string, slugs: readonly string[]): Promise<Buffer> {
  const response = await fetch(`${origin}/games/${slugs[1]}`, { headers: { 'accept-encoding': 'identity' } });
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The node server's copy of the static file in a build's dist/client, with its brotli and
 * gzip files beside it, as the build writes them for every static file; the server lists its
 * static files when it starts, so it must start after this to serve it as it serves the
 * build's own. (An .html file would not be served as a static file at all: pages are
 * Astro's.) Returns the files written, for removing them afterwards.
 */
export function writeStaticCopy(distClient: string, bytes: Buffer): string[] {
  const file = path.join(distClient, STATIC_URL);
  writeFileSync(file, bytes);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }));
  return [file, `${file}.br`, `${file}.gz`];
}

export interface PageRun {
  origin: string;
  /** nginx serving the same static file, when the bench started it. */
  nginx: { origin: string; version: string } | null;
  /** nginx in front of the server (deploy/nginx/critical-hit.conf), when the bench started it. */
  nginxFront: { origin: string } | null;
  /** The server's process now (it is the tree /proc is read from to wait for it to settle). */
  serverPid: () => number;
  sources: PageSources;
  seconds: number;
  onPostgres: boolean;
}

export interface PageResults {
  pages: PageRow[];
  ratios: RatioRow[];
  notes: string[];
}

/** Loads every page row, in the order the report lists them. */
export async function measurePages(run: PageRun): Promise<PageResults> {
  const { origin, nginx, nginxFront, sources, seconds, onPostgres } = run;
  const { kinds } = sources;
  const pages: PageRow[] = [];
  const ratios: RatioRow[] = [];
  const p95 = (ms: number): Target => atMost(ms);
  // Each row starts once the server has finished what the previous one left in flight (settle.ts).
  let longestSettle = 0;
  const settled = async () => {
    longestSettle = Math.max(longestSettle, await settle(run.serverPid()));
  };
  interface Measured {
    row: Omit<PageRow, 'result'>;
    next: () => string;
    cookie?: string | undefined;
  }
  const originOf = (page: string) =>
    page.startsWith('nginx in front') ? nginxFront!.origin : page.startsWith('nginx') ? nginx!.origin : origin;
  const measureInTurns = async (
    rows: Measured[],
    turns: number,
    alreadySettled = false,
  ): Promise<(LoadResult | null)[]> => {
    let skipSettle = alreadySettled;
    const between = async () => {
      if (skipSettle) skipSettle = false;
      else await settled();
    };
    const { encoding, connections } = rows[0]!.row;
    const label = rows.map(({ row }) => `${row.page} ${row.cache}`).join(' and ');
    process.stdout.write(
      `   ${label}${turns > 1 ? ` in ${turns} turns` : ''} ${encoding ? 'br,gzip' : 'plain'} ×${connections}… `,
    );
    try {
      const before = sources.repeated();
      const results = await loadInTurns(
        rows.map(({ row, next, cookie }) => ({
          origin: originOf(row.page),
          next,
          connections: row.connections,
          seconds,
          encoding: row.encoding,
          ...(cookie ? { cookie } : {}),
        })),
        turns,
        between,
      );
      const repeats = sources.repeated() - before;
      rows.forEach(({ row, cookie }, i) => {
        const ranOut = row.cache === 'uncached' && !cookie && repeats > 0;
        pages.push({
          ...row,
          result: results[i]!,
          ...(ranOut ? { error: `ran out of uncached URLs (${repeats} asked again)` } : {}),
        });
      });
      console.log(
        results.map((result) => `p95 ${result.p95.toFixed(1)} ms, ${result.perSecond.toFixed(0)} req/s`).join('; '),
      );
      return results;
    } catch (error) {
      for (const { row } of rows) pages.push({ ...row, result: null, error: (error as Error).message });
      console.log((error as Error).message);
      return rows.map(() => null);
    }
  };
  const measure = async (row: Omit<PageRow, 'result'>, next: () => string, cookie?: string, alreadySettled = false) =>
    (await measureInTurns([{ row, next, cookie }], 1, alreadySettled))[0]!;

  // One connection each for the health check, the static file and a cached page, over the
  // same seconds as the 32-connection uncached game page row that runs beside them. Each asks
  // PROBE_RATE times a second, as a load balancer's health check or a few visitors would: a
  // probe sent as fast as it is answered is a load of its own (on PostgreSQL the three took
  // 700 answers a second from the node server, and the uncached row beside them fell from
  // about 275 to 217 pages a second), so it would measure the probes, not the waiting.
  const whileDatabaseBusy = async (encoding: boolean, cachedPath: string) => {
    await fetch(origin + cachedPath, { headers: fetchHeaders(encoding) }).then((r) => r.arrayBuffer());
    const probes: [string, PageRow['cache'], string][] = [
      ['/api/health, DB busy (32 uncached game pages)', 'uncached', '/api/health'],
      ['static file, same server, DB busy', 'static', STATIC_URL],
      ['/games/{slug}, DB busy', 'cached', cachedPath],
    ];
    const results = await Promise.all(
      probes.map(([, , url]) =>
        load({ origin, next: () => url, connections: 1, seconds, encoding, rate: PROBE_RATE }).catch(
          (error: Error) => error,
        ),
      ),
    );
    probes.forEach(([page, cache], i) => {
      const outcome = results[i]!;
      // Not one answer in the whole row is the stall itself, not an empty success.
      const result =
        outcome instanceof Error || outcome.count > 0 ? outcome : new Error(`no answer within ${seconds} s`);
      const row = { page, cache, encoding, connections: 1, target: p95(50) };
      pages.push(result instanceof Error ? { ...row, result: null, error: result.message } : { ...row, result });
      console.log(
        `   ${page} ${encoding ? 'br,gzip' : 'plain'} ×1: ${result instanceof Error ? result.message : `p95 ${result.p95.toFixed(1)} ms, ${result.perSecond.toFixed(0)} req/s`}`,
      );
    });
  };

  const loadBefore = os.loadavg()[0]!;
  console.log('== pages');
  const throughput = new Map<string, number>();
  for (const encoding of [true, false]) {
    for (const connections of [1, 32]) {
      const key = (name: string) => `${name} ${encoding} ${connections}`;
      const cachedRow = async (kind: PageKind) => {
        await fetch(origin + kind.cached!, { headers: fetchHeaders(encoding) }).then((r) => r.arrayBuffer());
        return measure({ page: kind.page, cache: 'cached', encoding, connections }, () => kind.cached!);
      };
      // The cached game page and the static file it is divided by, in turns over the same
      // seconds. Two rows minutes apart, with 32 connections of uncached pages between them,
      // would measure how the shared machine was doing each minute as much as the server;
      // even one right after the other, a slow few seconds falls on one of them only.
      await fetch(origin + kinds[0]!.cached!, { headers: fetchHeaders(encoding) }).then((r) => r.arrayBuffer());
      const [local, game] = await measureInTurns(
        [
          {
            row: { page: 'static file, same server', cache: 'static', encoding, connections },
            next: () => STATIC_URL,
          },
          { row: { page: kinds[0]!.page, cache: 'cached', encoding, connections }, next: () => kinds[0]!.cached! },
        ],
        TURNS,
      );
      throughput.set(key('static'), local?.perSecond ?? 0);
      throughput.set(key('game'), game?.perSecond ?? 0);
      if (nginx) {
        const viaNginx = await measure(
          { page: 'nginx: same static file', cache: 'static', encoding, connections },
          () => '/bench-static.html',
        );
        throughput.set(key('nginx'), viaNginx?.perSecond ?? 0);
      }
      if (nginxFront) {
        // What a visitor of the self-hosted production setup gets: the page from nginx's cache (5 s fresh, then revalidated).
        const front = await measure(
          { page: 'nginx in front: cached game page', cache: 'cached', encoding, connections },
          () => kinds[0]!.cached!,
        );
        throughput.set(key('front'), front?.perSecond ?? 0);
      }
      // At 32 connections: the game page only (the throughput comparison and the 250 ms p95 under load).
      for (const kind of connections === 1 ? kinds : kinds.slice(0, 1)) {
        // At 32 connections: the embedded database holds p95 under 250 ms; PostgreSQL serves at least 300 pages/s.
        const loaded = onPostgres ? { throughputTarget: atLeast(300, 'req/s') } : { target: p95(250) };
        if (kind.uncached) {
          // Settled before the row and the probes beside it start together.
          await settled();
          const uncached = measure(
            {
              page: kind.page,
              cache: 'uncached',
              encoding,
              connections,
              ...(connections === 1 ? { target: kind.target } : loaded),
            },
            kind.uncached,
            kind.cookie,
            true,
          );
          // While 32 connections keep the database busy, what never needs it must not wait for it.
          if (connections === 32) await whileDatabaseBusy(encoding, kind.cached ?? STATIC_URL);
          await uncached;
        }
        if (kind.cached && kind !== kinds[0]) await cachedRow(kind);
      }
      const label = `${encoding ? 'br, gzip' : 'no Accept-Encoding'}, ${connections} conn`;
      ratios.push({
        name: `cached game page ÷ static file, same server (${label})`,
        numerator: throughput.get(key('game')) ?? null,
        denominator: throughput.get(key('static')) ?? null,
        target: encoding ? atLeast(0.8) : undefined,
      });
      ratios.push({
        name: `cached game page ÷ static file, nginx (${label})`,
        numerator: throughput.get(key('game')) ?? null,
        denominator: throughput.get(key('nginx')) ?? null,
        target: encoding ? atLeast(0.2) : undefined,
        note: nginx ? `nginx ${nginx.version}, gzip on, 1 worker` : 'nginx not installed',
      });
      ratios.push({
        name: `cached game page through nginx in front ÷ static file, nginx (${label})`,
        numerator: throughput.get(key('front')) ?? null,
        denominator: throughput.get(key('nginx')) ?? null,
        note: nginxFront ? `deploy/nginx/critical-hit.conf, 1 worker` : 'nginx not installed',
      });
    }
  }
  const notes = [
    `The machine is shared: its 1-minute load average was ${loadBefore.toFixed(1)} when the page rows started and ${os.loadavg()[0]!.toFixed(1)} when they ended ` +
      `(${os.cpus().length} cores), so every figure here includes waiting for the CPU behind other work.`,
    `Each page row started once the server had finished the requests the previous row left in flight (at most ${(longestSettle / 1000).toFixed(1)} s of waiting).`,
    `The three "DB busy" rows run beside the 32-connection uncached game page row, each on one connection paced at ${PROBE_RATE} requests a second, so their req/s is the pace, not a capacity.`,
    `The static file from the same server and the cached game page it is divided by are measured in turns, ${TURNS} rounds in which each gets ${turnSeconds(seconds, TURNS)} s, so that both rows come from the same seconds.`,
  ];
  return { pages, ratios, notes };
}
