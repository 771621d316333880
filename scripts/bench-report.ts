// docs/performance.md is written by `npm run bench`, never by hand: the figures in it are the
// last run's, with the machine they were measured on, each beside its target. Why the budget
// is what it is, and what got the pages there, is the design record's
// (docs/decisions/speed-budget.md).
import { describeTarget, markdownTable, ms, ratio, textTable, verdict, type Target } from './bench/stats.ts';
import { comparisonLines, type ComparisonRun } from './bench/compare-report.ts';
import type { LoadResult } from './bench/load.ts';
import { format, resolveConfig } from 'prettier';

export type { ComparisonRun } from './bench/compare-report.ts';

export interface PageRow {
  page: string;
  cache: 'uncached' | 'cached' | 'static';
  encoding: boolean;
  connections: number;
  result: LoadResult | null;
  /** A p95 target (ms) this row is judged against. */
  target?: Target;
  /** A requests-per-second target, judged beside the p95 one. */
  throughputTarget?: Target;
  error?: string;
}

/** One timed figure (a write, a query, a fan-out): p50/p95 in ms unless `unit` says otherwise. */
export interface FigureRow {
  name: string;
  samples: number;
  p50: number | null;
  p95: number | null;
  target?: Target;
  note?: string;
  /** Requests the server refused (the note says which): the figure is of the others only. */
  refused?: number;
}

export interface RatioRow {
  name: string;
  numerator: number | null;
  denominator: number | null;
  target?: Target;
  note?: string;
}

export type BenchDatabase = 'embedded' | 'postgres';

export const DATABASE_TITLES: Record<BenchDatabase, string> = {
  embedded: 'Embedded database (PGlite)',
  postgres: 'PostgreSQL 15',
};

export interface PerformanceRun {
  database: BenchDatabase;
  /** The database as measured: engine, version, where it ran and how it was configured. */
  server: string;
  machine: string;
  seconds: number;
  /** What the bench database holds, label -> rows. */
  dataSet: [string, number][];
  /** How long generating it took, and whether this run reused it from an earlier one. */
  generatedSeconds: number;
  reused: boolean;
  dataNotes: string[];
  pages: PageRow[];
  figures: FigureRow[];
  ratios: RatioRow[];
  notes: string[];
}

const PAGE_HEADER = [
  'page',
  'cache',
  'Accept-Encoding',
  'conn',
  'req/s',
  'bytes/resp',
  'p50',
  'p95',
  'errors',
  'target (p95)',
  'verdict',
];

export function pageCells(row: PageRow): string[] {
  const r = row.result;
  const target = [row.target, row.throughputTarget]
    .filter((t): t is Target => t !== undefined)
    .map(describeTarget)
    .join(', ');
  const verdicts = [
    verdict(r ? r.p95 : null, row.target),
    verdict(r ? r.perSecond : null, row.throughputTarget),
  ].filter(Boolean);
  const judged = row.error
    ? 'not measured'
    : (['not measured', 'MISSED', 'met'].find((v) => verdicts.includes(v)) ?? '');
  return [
    row.page,
    row.cache,
    row.encoding ? 'br, gzip' : 'none',
    String(row.connections),
    r ? r.perSecond.toFixed(0) : '–',
    r ? r.bytes.toFixed(0) : '–',
    ms(r?.p50),
    ms(r?.p95),
    row.error ? row.error : r ? String(r.errors) : '–',
    target,
    judged,
  ];
}

const FIGURE_HEADER = ['measurement', 'samples', 'p50 (ms)', 'p95 (ms)', 'target (p95)', 'verdict', 'note'];

export function figureCells(row: FigureRow): string[] {
  const judged = row.target
    ? verdict(row.target.unit === 's' && row.p95 !== null ? row.p95 / 1000 : row.p95, row.target)
    : '';
  return [
    row.name,
    String(row.samples),
    ms(row.p50),
    ms(row.p95),
    row.target ? describeTarget(row.target) : '',
    judged,
    row.note ?? '',
  ];
}

const RATIO_HEADER = ['comparison', 'req/s', 'against req/s', 'ratio', 'target', 'verdict', 'note'];

export function ratioCells(row: RatioRow): string[] {
  const value = row.numerator && row.denominator ? row.numerator / row.denominator : null;
  return [
    row.name,
    row.numerator ? row.numerator.toFixed(0) : '–',
    row.denominator ? row.denominator.toFixed(0) : '–',
    ratio(row.numerator, row.denominator),
    row.target ? describeTarget(row.target) : '',
    verdict(value, row.target),
    row.note ?? '',
  ];
}

/** Every verdict of the run that is MISSED, as lines. */
export function misses(run: PerformanceRun): string[] {
  return [
    ...run.pages
      .filter((row) => pageCells(row).at(-1) === 'MISSED')
      .map((row) => `${row.page} ${row.cache}, ${row.encoding ? 'br, gzip' : 'no encoding'}, ${row.connections} conn`),
    ...run.figures.filter((row) => figureCells(row)[5] === 'MISSED').map((row) => row.name),
    ...run.ratios.filter((row) => ratioCells(row)[5] === 'MISSED').map((row) => row.name),
  ];
}

/** The generated sections of docs/performance.md, in the order the page shows them. */
export type SectionKey = `${'bench' | 'igdb' | 'compare'}:${BenchDatabase}`;
const SECTIONS: SectionKey[] = [
  'bench:embedded',
  'bench:postgres',
  'igdb:postgres',
  'igdb:embedded',
  'compare:embedded',
  'compare:postgres',
];
export const section = (key: SectionKey) => [`<!-- ${key} -->`, `<!-- /${key} -->`] as const;

/** The text between two markers of an earlier record, markers included; null when absent. */
function between(text: string, [open, close]: readonly [string, string]): string | null {
  const from = text.indexOf(open);
  const to = text.indexOf(close, from);
  return from >= 0 && to > from ? text.slice(from, to + close.length) : null;
}

export const stamp = (measuredAt: Date) => `${measuredAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One database's section: its date, server, data set, tables and verdict. */
export function databaseSection(run: PerformanceRun, measuredAt = new Date()): string {
  const missed = misses(run);
  const [open, close] = section(`bench:${run.database}`);
  return [
    open,
    `## ${DATABASE_TITLES[run.database]}`,
    '',
    `Last run: ${stamp(measuredAt)} on ${run.machine}.`,
    `${run.server}. The load comes from autocannon in the bench process, never the`,
    `server's; ${run.seconds} s per page row. Latency in ms. "uncached" requests each use a URL the`,
    'route cache has not seen; pages a signed-in user sees are never cached.',
    '',
    '### Data set',
    '',
    markdownTable(
      ['rows', 'count'],
      run.dataSet.map(([label, count]) => [label, count.toLocaleString('en-US')]),
    ),
    '',
    `Generated (set-based SQL, deterministic) in ${run.generatedSeconds.toFixed(0)} s${run.reused ? ' by an earlier run with the same parameters, and reused with the migrations added since applied on top (`npm run bench -- --fresh` regenerates it)' : ''}.`,
    ...run.dataNotes.map((note) => `${note}`),
    '',
    '### Pages',
    '',
    markdownTable(PAGE_HEADER, run.pages.map(pageCells)),
    '',
    '### Writes and other figures',
    '',
    markdownTable(FIGURE_HEADER, run.figures.map(figureCells)),
    '',
    '### Throughput against a static file',
    '',
    markdownTable(RATIO_HEADER, run.ratios.map(ratioCells)),
    '',
    '### Verdict',
    '',
    missed.length === 0 ? 'Every figure meets its target.' : `Missed targets (${missed.length}):`,
    ...missed.map((line) => `- ${line}`),
    '',
    ...(run.notes.length ? ['### Notes', '', ...run.notes.map((note) => `- ${note}`), ''] : []),
    close,
  ].join('\n');
}

/** What a missing section says until its command has run. */
function placeholder(key: SectionKey): string {
  const [kind, database] = key.split(':') as ['bench' | 'igdb' | 'compare', BenchDatabase];
  const [open, close] = section(key);
  const text =
    kind === 'bench'
      ? `## ${DATABASE_TITLES[database]}\n\nNot measured yet: \`npm run bench -- --database ${database}\`.`
      : kind === 'igdb'
        ? `## IGDB full sync: ${DATABASE_TITLES[database]}\n\nNot run yet: \`npm run bench -- --only igdb-sync --database ${database}\`.`
        : `## Before and after: ${DATABASE_TITLES[database]}\n\nNot compared yet: \`npm run bench -- --compare <git-rev> --database ${database}\`.`;
  return `${open}\n${text}\n${close}`;
}

/**
 * docs/performance.md with one section new (`key`'s), every other generated section kept
 * from `previous` (the file as it was), so a run on one database, or a comparison, never
 * loses the others' figures. Nothing else survives a run: the page holds only what the
 * bench measured.
 */
export function record(key: SectionKey, text: string, previous: string): string {
  const sections = SECTIONS.map((other) =>
    other === key ? text : (between(previous, section(other)) ?? placeholder(other)),
  );
  return [
    '# Performance',
    '',
    'Written by `npm run bench` (scripts/bench.ts); run it again to refresh these figures. Each',
    'database has its own section with the date it was measured (`--database embedded`,',
    '`--database postgres`, or `both`, the default). The "Before and after" sections are written by',
    '`npm run bench -- --compare <git-rev>`: this checkout against an older commit, in alternating rounds.',
    'The "IGDB full sync" sections are written by `npm run bench -- --only igdb-sync`.',
    'How the budget was reached: docs/decisions/speed-budget.md.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}

/** docs/performance.md after a run on one database: that database's section is new. */
export function performanceRecord(run: PerformanceRun, measuredAt = new Date(), previous = ''): string {
  return record(`bench:${run.database}`, databaseSection(run, measuredAt), previous);
}

/** The same tables for the terminal. */
export function consoleReport(run: PerformanceRun): string {
  return [
    textTable(PAGE_HEADER, run.pages.map(pageCells)),
    '',
    textTable(FIGURE_HEADER, run.figures.map(figureCells)),
    '',
    textTable(RATIO_HEADER, run.ratios.map(ratioCells)),
  ].join('\n');
}

/** One database's comparison: both sides, their spread and the verdict of every figure. */
export function comparisonSection(run: ComparisonRun, measuredAt = new Date()): string {
  const [open, close] = section(`compare:${run.database}`);
  return [
    open,
    `## Before and after: ${DATABASE_TITLES[run.database]}`,
    '',
    `Last run: ${stamp(measuredAt)} on ${run.machine}, \`${run.command}\`.`,
    '',
    ...comparisonLines(run),
    close,
  ].join('\n');
}

/** docs/performance.md after a comparison on one database: that comparison's section is new. */
export function comparisonRecord(run: ComparisonRun, measuredAt = new Date(), previous = ''): string {
  return record(`compare:${run.database}`, comparisonSection(run, measuredAt), previous);
}

/**
 * The record as Prettier formats the tree's Markdown (aligned tables), so that a run leaves
 * `npm run format:check` as clean as it found it.
 */
export async function formatRecord(text: string, file = 'docs/performance.md'): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}
