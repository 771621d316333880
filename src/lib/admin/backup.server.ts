import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { access, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as pipelineWithCallback, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { create as createTar } from 'tar';
import type { Database } from '../db/schema.ts';
import { BACKUP_README, BACKUP_PARTS } from './backup.ts';

/**
 * The site's backup: one .tar.gz with the database and the uploaded files (the storage
 * folder), so that a restored site serves every avatar, cover and logo its rows name.
 * - Embedded: a copy of the PGlite data directory taken while the site keeps serving, as
 *   PostgreSQL takes a base backup (pg_backup_start, copy, pg_backup_stop, then the WAL and
 *   the backup label): the engine is held only for the checkpoint at the start, not for the
 *   copy, and on the first start the restored directory replays its WAL to the moment the
 *   backup ended.
 * - Self-hosted: pg_dump's plain SQL of the whole database (every schema the site uses:
 *   public, auth, storage, app_meta) and the storage folder.
 * README.txt inside says how to restore it (`npm run restore`).
 */

export class BackupError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** One backup at a time per process: PostgreSQL allows one base backup per session, and the embedded database has one. */
let running = false;

export interface BackupArchive {
  body: ReadableStream<Uint8Array>;
  /** What the archive holds, for the audit log. */
  database: 'embedded' | 'postgres';
}

/**
 * Packs `staging` (database, storage, README.txt) as a gzipped tar stream, removing it once
 * read or cancelled. node-tar's own gzip compresses each read (up to 16 MB of a table's file)
 * synchronously, on the event loop every other request waits for; Node's zlib stream
 * compresses on libuv's thread pool instead.
 */
function packed(staging: string): ReadableStream<Uint8Array> {
  const tar = createTar({ cwd: staging, portable: true }, [...BACKUP_PARTS]);
  const nodeStream = createGzip();
  // pipeline destroys the gzip stream (and so ends the download with an error) if tar fails.
  pipelineWithCallback(Readable.from(tar), nodeStream, () => undefined);
  let cleaned = false;
  const clean = () => {
    if (cleaned) return;
    cleaned = true;
    void rm(staging, { recursive: true, force: true });
  };
  nodeStream.once('end', clean);
  nodeStream.once('error', clean);
  nodeStream.once('close', clean);
  return Readable.toWeb(nodeStream) as ReadableStream<Uint8Array>;
}

async function copyStorage(storageDir: string, staging: string): Promise<void> {
  const target = path.join(staging, 'storage');
  await mkdir(target, { recursive: true });
  const exists = await access(storageDir).then(
    () => true,
    () => false,
  );
  // Uploads in progress (.uploads) are not files yet.
  if (exists)
    await cp(storageDir, target, { recursive: true, filter: (source) => path.basename(source) !== '.uploads' });
}

/**
 * One backup: refused while another runs; `database` writes the database into the staging
 * folder's `database/`, then the storage folder and README.txt join it and the whole is
 * packed. The staging folder goes when the archive has been read, or at once on a failure.
 */
async function stagedBackup(
  storageDir: string,
  kind: BackupArchive['database'],
  database: (target: string) => Promise<void>,
): Promise<BackupArchive> {
  if (running)
    throw new BackupError(
      409,
      'backup_running',
      'A backup is being made already: wait for it to finish, then try again.',
    );
  running = true;
  const staging = await mkdtemp(path.join(os.tmpdir(), 'critical-hit-backup-'));
  try {
    await database(path.join(staging, 'database'));
    await copyStorage(storageDir, staging);
    await writeFile(path.join(staging, 'README.txt'), BACKUP_README);
    return { body: packed(staging), database: kind };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    running = false;
  }
}

/** The embedded database (its data directory at `dataDir`) and the storage folder, copied while the site serves. */
export function embeddedBackup(db: Kysely<Database>, dataDir: string, storageDir: string): Promise<BackupArchive> {
  return stagedBackup(storageDir, 'embedded', async (copy) => {
    const { rows } = await sql<{
      lsn: string;
      wal: string;
    }>`select lsn::text, pg_walfile_name(lsn) as wal from pg_backup_start('critical-hit', true) as lsn`.execute(db);
    let stopped = false;
    try {
      // The copy runs beside the engine: pages written meanwhile are put right by the WAL replayed on restore.
      await cp(dataDir, copy, {
        recursive: true,
        filter: (source) => !['pg_wal', 'postmaster.pid', 'postmaster.opts'].includes(path.basename(source)),
      });
      const stop = await sql<{
        labelfile: string;
        spcmapfile: string | null;
      }>`select labelfile, spcmapfile from pg_backup_stop(true)`.execute(db);
      stopped = true;
      await cp(path.join(dataDir, 'pg_wal'), path.join(copy, 'pg_wal'), { recursive: true });
      await writeFile(path.join(copy, 'backup_label'), stop.rows[0]!.labelfile);
      if (stop.rows[0]!.spcmapfile) await writeFile(path.join(copy, 'tablespace_map'), stop.rows[0]!.spcmapfile);
      const start = rows[0]!;
      const walKept = await access(path.join(copy, 'pg_wal', start.wal)).then(
        () => true,
        () => false,
      );
      if (!walKept)
        throw new BackupError(
          503,
          'backup_incomplete',
          'The database recycled its log while the backup was made: try again.',
        );
    } finally {
      if (!stopped) await sql`select pg_backup_stop(false)`.execute(db).catch(() => undefined);
    }
  });
}

/** pg_dump of the database at `databaseUrl` (plain SQL) and the storage folder. */
export function postgresBackup(databaseUrl: string, storageDir: string): Promise<BackupArchive> {
  return stagedBackup(storageDir, 'postgres', async (target) => {
    await mkdir(target);
    const dump = spawn('pg_dump', ['--no-owner', '--no-privileges', '--format=plain', databaseUrl], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    dump.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const started = await new Promise<boolean>((resolve) => {
      dump.once('spawn', () => resolve(true));
      dump.once('error', () => resolve(false));
    });
    if (!started)
      throw new BackupError(
        501,
        'pg_dump_missing',
        'pg_dump is not installed on this server: run it from a machine that has it (see the README).',
      );
    const exited = new Promise<number | null>((resolve) => dump.once('close', resolve));
    await pipeline(dump.stdout, createWriteStream(path.join(target, 'database.sql')));
    const code = await exited;
    if (code !== 0)
      throw new BackupError(
        500,
        'pg_dump_failed',
        `pg_dump failed: ${errors.trim().split('\n').pop() ?? `exit code ${code}`}`,
      );
  });
}
