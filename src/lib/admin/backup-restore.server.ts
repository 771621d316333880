import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { extract } from 'tar';
import { openedElsewhere } from '../db/pglite.server.ts';

/**
 * Restores a backup archive (backup.server.ts) into the folders the site is configured
 * with: the database into PGLITE_DIR (embedded) or DATABASE_URL (an empty PostgreSQL
 * database, through psql), the uploaded files into STORAGE_DIR. Nothing that holds data is
 * overwritten: a folder that is not empty is refused, or with `force` kept beside under a
 * new name.
 */

export interface RestoreTarget {
  pgliteDir: string;
  storageDir: string;
  databaseUrl?: string | undefined;
}

export class RestoreError extends Error {}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const isEmptyDir = async (dir: string) => !(await exists(dir)) || (await readdir(dir)).length === 0;

/** Makes room for `into`: nothing there, an empty folder, or (forced) the folder renamed beside; returns where the old one went. */
async function makeRoom(into: string, force: boolean, stamp: string): Promise<string | null> {
  if (await isEmptyDir(into)) {
    await rm(into, { recursive: true, force: true });
    return null;
  }
  if (!force)
    throw new RestoreError(
      `${into} is not empty: move it aside, or run again with --force to keep it as ${into}.before-restore-${stamp}.`,
    );
  const aside = `${into}.before-restore-${stamp}`;
  await rename(into, aside);
  return aside;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error) =>
      reject(new RestoreError(`${command} could not be started (${error.message}): install the PostgreSQL client.`)),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new RestoreError(`${command} failed with exit code ${code}.`)),
    );
  });
}

export async function restoreBackup(
  archive: string,
  target: RestoreTarget,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<'embedded' | 'postgres'> {
  const log = options.log ?? (() => {});
  const force = options.force ?? false;
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const storageDir = path.resolve(target.storageDir);
  // Unpacked beside the storage folder, so that moving it into place is a rename on one file system.
  await mkdir(path.dirname(storageDir), { recursive: true });
  const unpacked = await mkdtemp(path.join(path.dirname(storageDir), '.restore-'));
  try {
    await extract({ file: archive, cwd: unpacked, strict: true }).catch((error: Error) => {
      throw new RestoreError(`${archive} is not a backup archive that can be read: ${error.message}`);
    });
    const database = path.join(unpacked, 'database');
    const embedded = await exists(path.join(database, 'PG_VERSION'));
    const dump = path.join(database, 'database.sql');
    if (!embedded && !(await exists(dump)))
      throw new RestoreError(`${archive} holds no database: it is not a Critical Hit backup.`);

    if (embedded) {
      const pgliteDir = path.resolve(target.pgliteDir);
      const holder = await openedElsewhere(pgliteDir);
      if (holder !== null)
        throw new RestoreError(
          `The embedded database in ${pgliteDir} is open in another process (pid ${holder}): stop the server first.`,
        );
      const aside = await makeRoom(pgliteDir, force, stamp);
      if (aside) log(`kept the database that was there as ${aside}`);
      await mkdir(path.dirname(pgliteDir), { recursive: true });
      await rename(database, pgliteDir);
      log(`database restored into ${pgliteDir} (it replays its log when the site starts)`);
    } else {
      if (!target.databaseUrl)
        throw new RestoreError(
          'This backup is a PostgreSQL dump: set DATABASE_URL to the empty database to load it into.',
        );
      await run('psql', ['--quiet', '-v', 'ON_ERROR_STOP=1', '-d', target.databaseUrl, '-f', dump]);
      log('database loaded with psql');
    }

    const files = path.join(unpacked, 'storage');
    if (await exists(files)) {
      const aside = await makeRoom(storageDir, force, stamp);
      if (aside) log(`kept the files that were there as ${aside}`);
      await rename(files, storageDir);
      log(`uploaded files restored into ${storageDir}`);
    }
    return embedded ? 'embedded' : 'postgres';
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
