import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fingerprintText, prepareReport, type ErrorReportInput } from './scrub.ts';

type Db = Kysely<Database>;

/** Error reports are deleted this many days after they were last seen. */
export const ERROR_RETENTION_DAYS = 30;

/** Stores a scrubbed report, or counts one more of the same error. */
export async function recordErrorReport(db: Db, input: ErrorReportInput, now: Date = new Date()): Promise<string> {
  const report = prepareReport(input);
  const fingerprint = createHash('sha256').update(fingerprintText(report)).digest('hex');
  await db
    .insertInto('error_reports')
    .values({ fingerprint, ...report, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) =>
      oc.column('fingerprint').doUpdateSet({
        count: sql`public.error_reports.count + 1`,
        last_seen_at: sql`greatest(public.error_reports.last_seen_at, excluded.last_seen_at)`,
        stack: sql`coalesce(public.error_reports.stack, excluded.stack)`,
      }),
    )
    .execute();
  return fingerprint;
}

export interface ErrorReportRow {
  fingerprint: string;
  source: string;
  message: string;
  stack: string | null;
  route: string;
  release: string;
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export async function latestErrorReports(db: Db, limit = 50): Promise<ErrorReportRow[]> {
  const rows = await db.selectFrom('error_reports').selectAll().orderBy('last_seen_at', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    fingerprint: row.fingerprint,
    source: row.source,
    message: row.message,
    stack: row.stack,
    route: row.route,
    release: row.release,
    count: Number(row.count),
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
  }));
}

export async function deleteExpiredErrorReports(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ERROR_RETENTION_DAYS * 86_400_000);
  const result = await db.deleteFrom('error_reports').where('last_seen_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
