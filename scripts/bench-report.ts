// docs/performance.md is written by `npm run bench`, never by hand: the figures in it are the
// last run's, with the machine they were measured on. Why the budget is what it is, and what
// got the pages there, is the design record's (docs/decisions/speed-budget.md).
import os from 'node:os';

export interface PerformanceRun {
  header: string[];
  rows: string[][];
  targets: string[];
  seconds: number;
  games: number;
  reviews: number;
}

const markdownRow = (cells: string[]) => `| ${cells.join(' | ')} |`;

export function performanceRecord(run: PerformanceRun, measuredAt = new Date()): string {
  const cpus = os.cpus();
  return [
    '# Performance',
    '',
    'Written by `npm run bench` (scripts/bench.ts); run it again to refresh these figures.',
    'How the budget was reached: docs/decisions/speed-budget.md.',
    '',
    `Last run: ${measuredAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version},`,
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.platform()} ${os.release()};`,
    `embedded database (PGlite) with ${run.games.toLocaleString('en-US')} synthetic games and ${run.reviews.toLocaleString('en-US')} critic reviews;`,
    `${run.seconds} s per row, client and server sharing the machine, requests without compression.`,
    'Latency in ms; ratio = requests/s ÷ the static file\'s (a file the size of a game page, same server) at the same number of connections.',
    '',
    markdownRow(run.header),
    markdownRow(run.header.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...run.rows.map(markdownRow),
    '',
    '## Targets',
    '',
    ...run.targets.map((target) => `- ${target}`),
    '',
  ].join('\n');
}
