import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** A run with no heartbeat for this long died with its process: another may start. */
export const IMPORT_RUN_STALE_SECONDS = 120;
/** Heartbeats are written at most this often (one statement now and then, not one a step). */
const BEAT_EVERY_MS = 10_000;

export const IMPORT_RUNNING_MESSAGE = 'An import of yours is already running. Wait for it to finish, then try again.';

export class ImportRunningError extends Error {
  constructor() {
    super(IMPORT_RUNNING_MESSAGE);
  }
}

export interface ImportRun {
  /** Tells the table the run is alive (throttled): call it between steps. */
  beat(): Promise<void>;
}

/**
 * Runs `work` as the player's one import run: a preview or an import while another of theirs
 * is under way (in any tab, on any node server) throws ImportRunningError. The row is
 * claimed in one statement (a stale one is taken over) and removed when the work ends.
 */
export async function withImportRun<T>(
  db: Db,
  userId: string,
  kind: 'preview' | 'import',
  work: (run: ImportRun) => Promise<T>,
): Promise<T> {
  const runId = randomUUID();
  const claimed = await sql<{ run_id: string }>`
    insert into public.library_import_runs as r (user_id, run_id, kind) values (${userId}, ${runId}, ${kind})
    on conflict (user_id) do update set run_id = excluded.run_id, kind = excluded.kind, started_at = now(), heartbeat_at = now()
      where r.heartbeat_at < now() - make_interval(secs => ${IMPORT_RUN_STALE_SECONDS})
    returning run_id`.execute(db);
  if (claimed.rows.length === 0) throw new ImportRunningError();
  let beaten = performance.now();
  const run: ImportRun = {
    async beat() {
      if (performance.now() - beaten < BEAT_EVERY_MS) return;
      beaten = performance.now();
      await db
        .updateTable('library_import_runs')
        .set({ heartbeat_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('run_id', '=', runId)
        .execute();
    },
  };
  try {
    return await work(run);
  } finally {
    await db.deleteFrom('library_import_runs').where('user_id', '=', userId).where('run_id', '=', runId).execute();
  }
}
