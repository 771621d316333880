import { describe, expect, it } from 'vitest';
import { figureCells, misses, pageCells, performanceRecord, ratioCells, type PerformanceRun } from './bench-report.ts';
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
