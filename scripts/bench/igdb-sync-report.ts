// The "IGDB full sync" sections of docs/performance.md (`npm run bench -- --only igdb-sync`):
// the figures of scripts/bench/igdb-sync.ts in the bench's figures table, each database in a
// section of its own beside the others the bench keeps.
import {
  DATABASE_TITLES,
  figureCells,
  record,
  section,
  stamp,
  type BenchDatabase,
  type FigureRow,
} from '../bench-report.ts';
import { markdownTable, textTable } from './stats.ts';

export interface IgdbSyncRun {
  database: BenchDatabase;
  games: number;
  /** The database as measured. */
  server: string;
  machine: string;
  figures: FigureRow[];
  notes: string[];
}

const HEADER = ['measurement', 'samples', 'p50 (ms)', 'p95 (ms)', 'target (p95)', 'verdict', 'note'];

export function igdbSyncSection(run: IgdbSyncRun, measuredAt = new Date()): string {
  const [open, close] = section(`igdb:${run.database}`);
  const missed = run.figures.filter((row) => figureCells(row)[5] === 'MISSED').map((row) => row.name);
  return [
    open,
    `## IGDB full sync: ${DATABASE_TITLES[run.database]}`,
    '',
    `Last run: ${stamp(measuredAt)} on ${run.machine}, ${run.games.toLocaleString('en-US')} games.`,
    `${run.server}.`,
    '',
    markdownTable(HEADER, run.figures.map(figureCells)),
    '',
    missed.length === 0 ? 'Every figure meets its target.' : `Missed targets: ${missed.join('; ')}.`,
    '',
    ...run.notes.map((note) => `- ${note}`),
    close,
  ].join('\n');
}

/** docs/performance.md with this database's IGDB sync section new, the others kept. */
export function igdbSyncRecord(run: IgdbSyncRun, measuredAt = new Date(), previous = ''): string {
  return record(`igdb:${run.database}`, igdbSyncSection(run, measuredAt), previous);
}

export const igdbSyncConsole = (run: IgdbSyncRun): string => textTable(HEADER, run.figures.map(figureCells));
