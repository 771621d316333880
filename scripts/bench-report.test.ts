import { check, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  comparisonRecord,
  figureCells,
  formatRecord,
  misses,
  pageCells,
  performanceRecord,
  ratioCells,
  type ComparisonRun,
  type PerformanceRun,
} from './bench-report.ts';
import { consoleComparison } from './bench/compare-report.ts';
import { atLeast, atMost } from './bench/stats.ts';

const load = (p95: number, perSecond = 100) => ({ count: 500, p50: p95 / 2, p95, perSecond, bytes: 9000, errors: 0 });

const run: PerformanceRun = {
  database: 'embedded',
  server: 'Embedded database (PGlite) in the server process',
  machine: '2 × Test CPU',
  seconds: 5,
  dataSet: [['players (synthetic)', 100_000]],
  generatedSeconds: 171.4,
  reused: false,
  dataNotes: [],
  pages: [
    { page: '/games/{slug}', cache: 'uncached', encoding: true, connections: 1, result: load(32), target: atMost(25) },
    { page: '/lists', cache: 'cached', encoding: false, connections: 1, result: load(1.2) },
  ],
  figures: [
    { name: 'setting a status', samples: 200, p50: 4, p95: 9.5, target: atMost(15) },
    { name: 'publishing', samples: 3, p50: 1500, p95: 2600, target: atMost(2, 's') },
  ],
  ratios: [{ name: 'cached ÷ static', numerator: 728, denominator: 6632, target: atLeast(0.8) }],
  notes: ['nginx: not installed'],
};

describe('the performance record', () => {
  it('puts each figure beside its target and says when it is missed', () => {
    expect(pageCells(run.pages[0]!)).toEqual([
      '/games/{slug}',
      'uncached',
      'br, gzip',
      '1',
      '100',
      '9000',
      '16.0',
      '32.0',
      '0',
      '≤ 25 ms',
      'MISSED',
    ]);
    expect(pageCells(run.pages[1]!).slice(2)).toEqual(['none', '1', '100', '9000', '0.6', '1.2', '0', '', '']);
    expect(figureCells(run.figures[0]!)).toEqual(['setting a status', '200', '4.0', '9.5', '≤ 15 ms', 'met', '']);
  });

  it('judges a target in seconds against milliseconds measured', () => {
    expect(figureCells(run.figures[1]!).slice(4, 6)).toEqual(['≤ 2 s', 'MISSED']);
  });

  it('writes ratios of throughput with their target', () => {
    expect(ratioCells(run.ratios[0]!)).toEqual(['cached ÷ static', '728', '6632', '0.11x', '≥ 0.8x', 'MISSED', '']);
  });

  it('a page that could not be measured is not a pass', () => {
    expect(
      pageCells({
        page: '/x',
        cache: 'uncached',
        encoding: true,
        connections: 1,
        result: null,
        target: atMost(25),
        error: 'refused',
      }).slice(-3),
    ).toEqual(['refused', '≤ 25 ms', 'not measured']);
  });

  it('lists every missed target, with the date, machine, data set and generation time', () => {
    expect(misses(run)).toEqual(['/games/{slug} uncached, br, gzip, 1 conn', 'publishing', 'cached ÷ static']);
    const record = performanceRecord(run, new Date('2026-12-09T10:30:00Z'));
    expect(record).toContain('Last run: 2026-12-09 10:30 UTC on 2 × Test CPU.');
    expect(record).toContain('| players (synthetic) | 100,000 |');
    expect(record).toContain('Generated (set-based SQL, deterministic) in 171 s.');
    expect(record).toContain('Missed targets (3):');
    expect(record).toContain('- nginx: not installed');
  });

  it('judges a throughput target beside the p95 one', () => {
    const row = {
      page: '/games/{slug}',
      cache: 'uncached',
      encoding: true,
      connections: 32,
      throughputTarget: atLeast(300, 'req/s'),
    } as const;
    expect(pageCells({ ...row, result: load(40, 250) }).slice(-2)).toEqual(['≥ 300 req/s', 'MISSED']);
    expect(pageCells({ ...row, result: load(40, 320) }).slice(-2)).toEqual(['≥ 300 req/s', 'met']);
    expect(pageCells({ ...row, target: atMost(10), result: load(12, 320) }).slice(-2)).toEqual([
      '≤ 10 ms, ≥ 300 req/s',
      'MISSED',
    ]);
  });

  it('rewrites only the measured database’s section, keeping the other one and nothing written by hand', () => {
    const first = performanceRecord(run, new Date('2026-12-09T10:30:00Z'));
    expect(first).toContain('## Embedded database (PGlite)');
    expect(first).toContain('Not measured yet: `npm run bench -- --database postgres`.');
    const withNotes = `${first}\n<!-- by hand: npm run bench keeps this part as it is -->\n## Where the time went on PostgreSQL\n\nEXPLAIN said so.\n<!-- /by hand -->\n`;
    const postgres: PerformanceRun = {
      ...run,
      database: 'postgres',
      server: 'PostgreSQL 15.14 on 127.0.0.1',
      pages: [{ ...run.pages[0]!, result: load(8) }],
    };
    const second = performanceRecord(postgres, new Date('2026-12-09T11:00:00Z'), withNotes);
    expect(second).toContain('Last run: 2026-12-09 10:30 UTC on 2 × Test CPU.');
    expect(second).toContain('Last run: 2026-12-09 11:00 UTC on 2 × Test CPU.');
    expect(second).toContain('PostgreSQL 15.14 on 127.0.0.1.');
    expect(second).not.toContain('Not measured yet');
    // A run log written by hand does not survive: the page holds only what the bench measured.
    expect(second).not.toContain('Where the time went');
    expect(second.indexOf('## Embedded database')).toBeLessThan(second.indexOf('## PostgreSQL 15'));
    // Run again on the embedded database: the PostgreSQL figures stay.
    const third = performanceRecord(
      { ...run, pages: [{ ...run.pages[0]!, result: load(20) }] },
      new Date('2026-12-10T09:00:00Z'),
      second,
    );
    expect(third).toContain('Last run: 2026-12-09 11:00 UTC');
    expect(third).not.toContain('Last run: 2026-12-09 10:30 UTC');
  });
});

const comparison: ComparisonRun = {
  database: 'embedded',
  command: 'npm run bench -- --compare HEAD~3 --rounds 2 --database embedded --seconds 2 --games 2000',
  before: '81ab29d (HEAD~3): Route audit, Node 24.1.0',
  after: 'c75b555: Format the whole tree, Node 24.1.0',
  machine: '2 × Test CPU',
  server: 'One node server; embedded database (PGlite) in the server process',
  rounds: 2,
  seconds: 2,
  dataSet: 'Both sides ran on one data set of 2,000 games.',
  figures: [
    { row: '/games/{slug} uncached, br, gzip, 1 conn', measure: 'p95 (ms)', before: [10, 11], after: [12, 12.5] },
    { row: '/lists (discover) uncached, br, gzip, 1 conn', measure: 'p95 (ms)', before: [8, 10], after: [9, 9.5] },
    { row: '/games/{slug} uncached, br, gzip, 32 conn', measure: 'req/s', before: [300, 310], after: [320, 330] },
    { row: 'posting a review', measure: 'p95 (ms)', before: [9, null], after: [8, 8] },
  ],
  notes: ['The 1-minute load average when each round started (2 cores): before 1.0, 1.2; after 1.1, 1.3.'],
};

describe('the before-and-after section', () => {
  it('shows both sides by round, their medians, spreads and the verdict of each figure', () => {
    const record = comparisonRecord(comparison, new Date('2026-12-09T12:00:00Z'));
    expect(record).toContain('<!-- compare:embedded -->\n## Before and after: Embedded database (PGlite)');
    expect(record).toContain(
      'Last run: 2026-12-09 12:00 UTC on 2 × Test CPU, `npm run bench -- --compare HEAD~3 --rounds 2 --database embedded --seconds 2 --games 2000`.',
    );
    expect(record).toContain('- Before: 81ab29d (HEAD~3): Route audit, Node 24.1.0.');
    expect(record).toContain('- After: c75b555: Format the whole tree, Node 24.1.0.');
    expect(record).toContain(
      '| /games/{slug} uncached, br, gzip, 1 conn | p95 (ms) | 10.5 | 12.3 | +16.7 % | 9.5 % | 4.1 % | worse beyond spread | 10.0, 11.0 | 12.0, 12.5 |',
    );
    expect(record).toContain(
      '| /lists (discover) uncached, br, gzip, 1 conn | p95 (ms) | 9.0 | 9.3 | +2.8 % | 22.2 % | 5.4 % | within spread | 8.0, 10.0 | 9.0, 9.5 |',
    );
    expect(record).toContain(
      '| /games/{slug} uncached, br, gzip, 32 conn | req/s | 305 | 325 | +6.6 % | 3.3 % | 3.1 % | better beyond spread | 300, 310 | 320, 330 |',
    );
    expect(record).toContain(
      '| posting a review | p95 (ms) | – | 8.0 | – | – | 0.0 % | not measured | 9.0, – | 8.0, 8.0 |',
    );
    expect(record).toContain('Worse beyond spread: 1 of 4 figures.');
    expect(record).toContain(
      'Spread between rounds of the same commit, over every figure of both sides: median 4.1 %, largest 22.2 %.',
    );
    expect(record).toContain('Worse beyond spread (1):\n- /games/{slug} uncached, br, gzip, 1 conn: p95 (ms) +16.7 %');
    expect(record).toContain('Not measured in every round (1):\n- posting a review: p95 (ms) –');
    expect(record).toContain('- The 1-minute load average when each round started');
    expect(consoleComparison(comparison)).toContain('Worse beyond spread: 1 of 4 figures.');
  });

  it('says so when no figure is worse beyond spread', () => {
    const record = comparisonRecord({ ...comparison, figures: comparison.figures.slice(1, 3) });
    expect(record).toContain('No figure is worse beyond spread (2 figures).');
    expect(record).not.toContain('Worse beyond spread (');
  });

  it('keeps the bench sections and the other database’s comparison, and they keep it', () => {
    const bench = performanceRecord(run, new Date('2026-12-09T10:30:00Z'));
    expect(bench).toContain('Not compared yet: `npm run bench -- --compare <git-rev> --database embedded`.');
    const compared = comparisonRecord(comparison, new Date('2026-12-09T12:00:00Z'), bench);
    expect(compared).toContain('Last run: 2026-12-09 10:30 UTC on 2 × Test CPU.');
    expect(compared).not.toContain('Not compared yet: `npm run bench -- --compare <git-rev> --database embedded`.');
    expect(compared).toContain('Not compared yet: `npm run bench -- --compare <git-rev> --database postgres`.');
    const onPostgres = comparisonRecord(
      { ...comparison, database: 'postgres', command: 'npm run bench -- --compare HEAD~3 --database postgres' },
      new Date('2026-12-09T13:00:00Z'),
      compared,
    );
    expect(onPostgres).toContain('## Before and after: Embedded database (PGlite)');
    expect(onPostgres).toContain('## Before and after: PostgreSQL 15');
    // A bench run afterwards keeps both comparisons, each after the bench sections.
    const again = performanceRecord(run, new Date('2026-12-10T09:00:00Z'), onPostgres);
    expect(again).toContain('Last run: 2026-12-09 12:00 UTC on 2 × Test CPU, `npm run bench -- --compare HEAD~3');
    expect(again).toContain('Last run: 2026-12-09 13:00 UTC');
    expect(again.indexOf('<!-- bench:postgres -->')).toBeLessThan(again.indexOf('<!-- compare:embedded -->'));
    expect(again.indexOf('<!-- compare:embedded -->')).toBeLessThan(again.indexOf('<!-- compare:postgres -->'));
  });
});

describe('the written file', () => {
  it('is formatted as Prettier formats the tree, so a run leaves the format check clean', async () => {
    const options = { ...(await resolveConfig('docs/performance.md')), filepath: 'docs/performance.md' };
    const record = comparisonRecord(comparison, new Date('2026-12-09T12:00:00Z'), performanceRecord(run));
    // The tables as rendered are not aligned: written as they are, the check would fail.
    expect(await check(record, options)).toBe(false);
    const written = await formatRecord(record);
    expect(await check(written, options)).toBe(true);
    expect(written).toContain('| players (synthetic) | 100,000 |');
    expect(written).toMatch(/\| \/games\/\{slug\} uncached, br, gzip, 1 conn +\| p95 \(ms\) \|/);
  });
});
