// The "Before and after" sections of docs/performance.md (bench-report.ts places them): a
// comparison's figures side by side with their spread and verdict, and the same for the terminal.
import type { BenchDatabase } from '../bench-report.ts';
import { judge, median, type ComparedFigure, type JudgedFigure } from './compare.ts';
import { markdownTable, ms, textTable } from './stats.ts';

/** A comparison of this checkout with an older commit on one database (scripts/bench-compare.ts). */
export interface ComparisonRun {
  database: BenchDatabase;
  /** The command that measured it. */
  command: string;
  before: string;
  after: string;
  machine: string;
  /** The servers as measured: node servers, database. */
  server: string;
  rounds: number;
  seconds: number;
  /** How the data set (or the two) was made and shared. */
  dataSet: string;
  figures: ComparedFigure[];
  notes: string[];
}

const COMPARE_HEADER = [
  'row',
  'measure',
  'before',
  'after',
  'change',
  'spread before',
  'spread after',
  'verdict',
  'before, by round',
  'after, by round',
];

const share = (value: number | null, signed = false): string =>
  value === null
    ? '–'
    : Number.isFinite(value)
      ? `${signed && value > 0 ? '+' : ''}${(value * 100).toFixed(1)} %`
      : '∞';

export function comparedCells(figure: JudgedFigure): string[] {
  const value = (v: number | null) => (v === null ? '–' : figure.measure === 'req/s' ? v.toFixed(0) : ms(v));
  return [
    figure.row,
    figure.measure,
    value(figure.beforeMedian),
    value(figure.afterMedian),
    share(figure.change, true),
    share(figure.beforeSpread),
    share(figure.afterSpread),
    figure.verdict,
    figure.before.map(value).join(', '),
    figure.after.map(value).join(', '),
  ];
}

/** The verdict's lines: what is worse beyond spread, better, not measured, and the spread itself. */
function comparisonVerdict(judged: JudgedFigure[]): string[] {
  const named = (figure: JudgedFigure) => `${figure.row}: ${figure.measure} ${share(figure.change, true)}`;
  const listed = (verdict: JudgedFigure['verdict'], title: string) => {
    const found = judged.filter((figure) => figure.verdict === verdict);
    return found.length ? ['', `${title} (${found.length}):`, ...found.map((figure) => `- ${named(figure)}`)] : [];
  };
  const worse = judged.filter((figure) => figure.verdict === 'worse beyond spread').length;
  const spreads = judged
    .flatMap((figure) => [figure.beforeSpread, figure.afterSpread])
    .filter((value): value is number => value !== null && Number.isFinite(value))
    .sort((a, b) => a - b);
  return [
    worse === 0
      ? `No figure is worse beyond spread (${judged.length} figures).`
      : `Worse beyond spread: ${worse} of ${judged.length} figures.`,
    ...(spreads.length
      ? [
          '',
          `Spread between rounds of the same commit, over every figure of both sides: median ${share(median(spreads))}, largest ${share(spreads.at(-1)!)}.`,
        ]
      : []),
    ...listed('worse beyond spread', 'Worse beyond spread'),
    ...listed('better beyond spread', 'Better beyond spread'),
    ...listed('not measured', 'Not measured in every round'),
  ];
}

/** A comparison's text below its title: both sides, how they were run, the table and the verdict. */
export function comparisonLines(run: ComparisonRun): string[] {
  const judged = run.figures.map(judge);
  return [
    `- Before: ${run.before}.`,
    `- After: ${run.after}.`,
    '',
    `${run.server}. ${run.rounds} rounds, the two sides in turn (before, after, before, after…). In every`,
    'round each side runs on a node server started afresh (on PostgreSQL, a database server started',
    'afresh and prewarmed too) and warmed up as the bench warms it, then loads every page row of the',
    `bench but nginx's (${run.seconds} s each) and times the four player writes. ${run.dataSet}`,
    '',
    "Spread: (max − min) / median of one side's figures over its rounds. A figure is worse beyond",
    "spread when the after side's median is worse than the before side's (a higher p95, fewer req/s)",
    "by more than the larger of the two sides' spreads, as a share of the before median. Latency in ms.",
    'Few rounds on a busy machine can put a figure beyond spread by chance: a comparison of a commit',
    'with itself (`--compare HEAD` on a clean checkout) shows how often.',
    '',
    '### Figures',
    '',
    markdownTable(COMPARE_HEADER, judged.map(comparedCells)),
    '',
    '### Verdict',
    '',
    ...comparisonVerdict(judged),
    '',
    ...(run.notes.length ? ['### Notes', '', ...run.notes.map((note) => `- ${note}`), ''] : []),
  ];
}

/** The comparison's table and verdict for the terminal. */
export function consoleComparison(run: ComparisonRun): string {
  const judged = run.figures.map(judge);
  return [textTable(COMPARE_HEADER, judged.map(comparedCells)), '', ...comparisonVerdict(judged)].join('\n');
}
