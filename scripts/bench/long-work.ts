// Long work measured as users meet it: one player previews and imports a large library file
// while other players load uncached pages, paced as a few visitors would. The figures are the
// preview's and the import's own time and the other players' p95 while either runs: the
// import must not hold the embedded database for long at a time, so their pages keep
// answering (the bench's "during a library import" rows).
import type { FigureRow, PageRow } from '../bench-report.ts';
import { BROWSER_ENCODING, type LoadResult } from './load.ts';
import { atMost, summarise } from './stats.ts';
import type { Client } from './writes.ts';

const HLTB_HEADER =
  'Title,Platform,Playing,Backlog,Replay,Custom-1,Custom-2,Custom-3,Completed,Retired,Retired Notes,Start Date,Completion Date,Playthrough,Progress,Main Story,Main + Extras,Completionist,Speed Any%,Speed 100%,Storefront,Review,Review Notes,Added,Updated';

const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * A valid HowLongToBeat export of `rows` lines, about `bytes` long: titles from the
 * catalogue (some in capitals, some with a letter dropped, as people type them) and one in
 * ten that is not in it, each with a status, a time, dates and, to reach the size, a note.
 */
export function hltbCsv(titles: readonly string[], rows: number, bytes: number): string {
  const lines: string[] = [];
  const platforms = ['PC', 'PlayStation 5', 'Nintendo Switch', 'Xbox Series X/S'];
  const flags = ['Playing', 'Backlog', 'Replay', 'Completed', 'Retired'];
  for (let i = 0; i < rows; i += 1) {
    const source = titles[(i * 7919) % titles.length]!;
    const title =
      i % 10 === 9
        ? `Unheard Of Game ${i}`
        : i % 10 === 3
          ? source.toUpperCase()
          : i % 10 === 6 && source.length > 8
            ? source.slice(0, 4) + source.slice(5)
            : source;
    const flag = flags[i % flags.length]!;
    const cells = new Array<string>(25).fill('');
    cells[0] = quote(title);
    cells[1] = quote(platforms[i % platforms.length]!);
    cells[{ Playing: 2, Backlog: 3, Replay: 4, Completed: 8, Retired: 9 }[flag]!] = 'X';
    if (flag === 'Completed') {
      cells[11] = `2024-0${1 + (i % 9)}-1${i % 10}`;
      cells[12] = `2025-0${1 + (i % 9)}-1${i % 10}`;
    }
    cells[14] = `${i % 90}:${String(i % 60).padStart(2, '0')}:00`;
    lines.push(cells.join(','));
  }
  const plain = [HLTB_HEADER, ...lines].join('\n').length;
  const noteLength = Math.min(1000, Math.max(0, Math.floor((bytes - plain) / rows) - 3));
  if (noteLength > 0) {
    const words = 'a long evening with it and more to say about the ending than fits here '.repeat(20);
    for (let i = 0; i < lines.length; i += 1) {
      const cells = lines[i]!.split(',');
      // Review Notes is column 23 (index 22); a title with a comma is quoted, so count from the end.
      cells[cells.length - 3] = quote(words.slice(i % 7, (i % 7) + noteLength));
      lines[i] = cells.join(',');
    }
  }
  return `${[HLTB_HEADER, ...lines].join('\n')}\n`;
}

export interface Probe {
  origin: string;
  /** The next path to ask for (a URL not asked before, so the route cache cannot answer it). */
  next: () => string;
  cookie?: string;
  /** Concurrent visitors, each asking once per `intervalMs` (or as soon as answered when slower). */
  visitors: number;
  intervalMs: number;
}

export interface DuringWork<T> {
  value: T;
  /** How long the work took, ms. */
  ms: number;
  /** The visitors' pages, as a page row reports them (bytes: the bodies, as received). */
  probes: LoadResult & { slowest: number };
}

/** Runs `work` while the probe's visitors load pages; every page asked for before it ended counts. */
export async function probeWhile<T>(work: () => Promise<T>, probe: Probe): Promise<DuringWork<T>> {
  const samples: number[] = [];
  let errors = 0;
  let bytes = 0;
  let running = true;
  const headers: Record<string, string> = { 'accept-encoding': BROWSER_ENCODING };
  if (probe.cookie) headers.cookie = probe.cookie;
  const visitor = async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(probe.origin + probe.next(), { headers, redirect: 'manual' });
        bytes += (await response.arrayBuffer()).byteLength;
        if (response.status !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      // Counted when it was asked while the work ran, however late it was answered.
      const took = performance.now() - started;
      samples.push(took);
      if (took < probe.intervalMs && running)
        await new Promise((resolve) => setTimeout(resolve, probe.intervalMs - took));
    }
  };
  const started = performance.now();
  const visitors = Array.from({ length: probe.visitors }, visitor);
  let value: T;
  try {
    value = await work();
  } finally {
    running = false;
  }
  const took = performance.now() - started;
  await Promise.all(visitors);
  return {
    value,
    ms: took,
    probes: {
      ...summarise(samples),
      errors,
      perSecond: samples.length / (took / 1000),
      bytes: samples.length ? bytes / samples.length : 0,
      slowest: samples.length ? Math.max(...samples) : 0,
    },
  };
}

export interface ImportTimes {
  preview: DuringWork<{ rows: number; status: number }>;
  apply: DuringWork<{ changed: number; status: number }>;
}

/** Previews then imports `csv` as `client` (every matched or close row linked), timing both under the probe. */
export async function timeLibraryImport(client: Client, csv: string, probe: Probe): Promise<ImportTimes> {
  let links: Record<string, number> = {};
  const preview = await probeWhile(async () => {
    const response = await client.send('POST', '/api/library/import/preview', { format: 'hltb', text: csv });
    const body = (await response.json()) as {
      rows?: { line: number; game: { id: number } | null }[];
      error?: { message: string };
    };
    if (!response.ok || !body.rows)
      throw new Error(`the preview answered ${response.status}: ${body.error?.message ?? ''}`);
    links = Object.fromEntries(body.rows.flatMap((row) => (row.game ? [[String(row.line), row.game.id]] : [])));
    return { rows: body.rows.length, status: response.status };
  }, probe);
  const apply = await probeWhile(async () => {
    const response = await client.send('POST', '/api/library/import', { format: 'hltb', text: csv, links });
    const body = (await response.json()) as { changed?: number; error?: { message: string } };
    if (!response.ok || body.changed === undefined)
      throw new Error(`the import answered ${response.status}: ${body.error?.message ?? ''}`);
    return { changed: body.changed, status: response.status };
  }, probe);
  return { preview, apply };
}

/** A VGChartz-format catalogue file of `lines` new games (the admin's CSV import), titled so the next run can remove them. */
export function catalogueCsv(lines: number, stamp: string): string {
  const header =
    'title,console,genre,publisher,developer,critic_score,total_sales,na_sales,jp_sales,pal_sales,other_sales,release_date';
  const consoles = ['PC', 'PS5', 'NS', 'XS'];
  const genres = ['Action', 'Adventure', 'Puzzle', 'Role-Playing'];
  const rows = Array.from({ length: lines }, (_, i) => {
    const studio = `Bench Studio ${i % 40}`;
    return `${BENCH_IMPORT_TITLE} ${stamp} ${i},${consoles[i % 4]},${genres[i % 4]},${studio},${studio},,1,1,1,1,1,${String(1 + (i % 28)).padStart(2, '0')}/0${1 + (i % 9)}/2021`;
  });
  return `${[header, ...rows].join('\n')}\n`;
}

/** What the catalogue import row's games are called (scripts/bench/prepare.ts removes them before a run). */
export const BENCH_IMPORT_TITLE = 'Bench Import';

export interface LongWorkOptions {
  origin: string;
  password: string;
  importer: { email: string };
  admin: { email: string };
  heavy: { email: string };
  /** Catalogue titles for the library file. */
  titles: readonly string[];
  /** Other players' uncached pages, a new URL each time. */
  nextPage: () => string;
  seconds: number;
  embedded: boolean;
  signIn: (email: string) => Promise<Client>;
}

/** Visitors for the rows: four, each asking for a page every 100 ms (about 40 pages a second between them). */
const VISITORS = 4;
const EVERY_MS = 100;

/**
 * The long requests a user or an administrator can start, each timed while other players
 * load uncached pages: a 3 MB HowLongToBeat file's preview and import, the 2000-game
 * player's exports, the admin's 5000-game catalogue import, the rebuilds and the backup.
 * One page row per request (the visitors' p95 against the 250 ms target) and one figure
 * (how long the request took).
 */
export async function benchLongWork(options: LongWorkOptions): Promise<{ pages: PageRow[]; figures: FigureRow[] }> {
  const pages: PageRow[] = [];
  const figures: FigureRow[] = [];
  const probe = (cookie: string): Probe => ({
    origin: options.origin,
    next: options.nextPage,
    cookie,
    visitors: VISITORS,
    intervalMs: EVERY_MS,
  });
  const visitor = await options.signIn(options.heavy.email);
  const row = (label: string, during: DuringWork<unknown>, target = true) => {
    pages.push({
      page: `other players' uncached pages ${label}`,
      cache: 'uncached',
      encoding: true,
      connections: VISITORS,
      result: during.probes,
      ...(target ? { target: atMost(250) } : {}),
    });
    console.log(
      `   ${label}: ${(during.ms / 1000).toFixed(1)} s; other players' pages p95 ${during.probes.p95.toFixed(0)} ms (slowest ${during.probes.slowest.toFixed(0)} ms, ${during.probes.count} pages)`,
    );
  };
  const figure = (name: string, during: DuringWork<unknown>, note: string) =>
    figures.push({ name, samples: 1, p50: during.ms, p95: during.ms, note });
  const send = async (client: Client, method: string, path: string, body?: unknown, expected = 200) => {
    const response = await client.send(method, path, body);
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}`);
    return bytes;
  };

  const idle = await probeWhile(
    () => new Promise((resolve) => setTimeout(resolve, options.seconds * 1000)),
    probe(visitor.cookie),
  );
  row('with nothing else running', idle, false);

  const importer = await options.signIn(options.importer.email);
  const csv = hltbCsv(options.titles, 5000, 3_000_000);
  const library = await timeLibraryImport(importer, csv, probe(visitor.cookie));
  const size = `${(csv.length / 1e6).toFixed(1)} MB HowLongToBeat file, 5000 rows`;
  row(`during a library preview (${size})`, library.preview);
  figure(
    `library import preview (${size})`,
    library.preview,
    `${library.preview.value.rows} rows matched against the catalogue`,
  );
  row('during its import', library.apply);
  figure(`library import of that file`, library.apply, `${library.apply.value.changed} games written`);

  const heavy = await options.signIn(options.heavy.email);
  for (const file of ['export.json', 'export.zip']) {
    const during = await probeWhile(() => send(heavy, 'GET', `/api/library/${file}`), probe(visitor.cookie));
    row(`during an ${file} of the 2000-game player`, during);
    figure(`${file} of the 2000-game player`, during, `${(Number(during.value) / 1024).toFixed(0)} KB`);
  }

  const admin = await options.signIn(options.admin.email);
  const catalogue = catalogueCsv(5000, Date.now().toString(36));
  const checked = await probeWhile(
    () => send(admin, 'POST', '/api/admin/games/import', { csv: catalogue }),
    probe(visitor.cookie),
  );
  row('during an admin catalogue import preview (5000 games)', checked);
  figure(
    'admin catalogue import preview (5000 games)',
    checked,
    `${(catalogue.length / 1024).toFixed(0)} KB of VGChartz CSV`,
  );
  const imported = await probeWhile(
    () => send(admin, 'POST', '/api/admin/games/import', { csv: catalogue, confirm: true }, 201),
    probe(visitor.cookie),
  );
  row('during an admin catalogue import (5000 games)', imported);
  figure('admin catalogue import (5000 games)', imported, 'every game with its platform, genre and companies, audited');

  for (const action of ['search-dictionary', 'recompute', 'vacuum'] as const) {
    const during = await probeWhile(
      () => send(admin, 'POST', '/api/admin/maintenance', { action }),
      probe(visitor.cookie),
    );
    row(`during the admin ${action} rebuild`, during);
    figure(`admin maintenance: ${action}`, during, '');
  }
  if (options.embedded) {
    const during = await probeWhile(() => send(admin, 'GET', '/api/admin/backup'), probe(visitor.cookie));
    row('during an admin backup download', during);
    figure('admin backup download', during, `${(Number(during.value) / 2 ** 20).toFixed(0)} MB`);
  }
  return { pages, figures };
}
