import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { openPglite } from '../db/pglite.server.ts';
import { embeddedBackup } from './backup.server.ts';
import { restoreBackup, RestoreError } from './backup-restore.server.ts';
import { pgliteTemplate } from '../../../tests/helpers/database.ts';
import { whileTicking } from '../../../tests/helpers/event-loop.ts';

// A backup of the embedded database and the storage folder, made while the database keeps
// taking writes, restored into fresh folders: the database opens with what it held and the
// uploaded files are there.

let root: string;
let connection: DatabaseConnection;
const dataDir = () => path.join(root, 'pglite');
const storageDir = () => path.join(root, 'storage');
const avatar = Buffer.from('RIFF....WEBPVP8 not really a picture, but bytes to find again');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  connection = await openPglite(dataDir(), {
    thread: true,
    loadDataDir: await pgliteTemplate(),
  });
  await sql`create table public.backup_probe (id int primary key, note text not null)`.execute(connection.db);
  await sql`insert into public.backup_probe select g, 'before' from generate_series(1, 5000) g`.execute(connection.db);
  await mkdir(path.join(storageDir(), 'avatars', 'someone'), { recursive: true });
  await writeFile(path.join(storageDir(), 'avatars', 'someone', 'avatar-256.webp'), avatar);
  await mkdir(path.join(storageDir(), '.uploads'), { recursive: true });
  await writeFile(path.join(storageDir(), '.uploads', 'half-an-upload'), 'partial');
}, 120_000);

afterAll(async () => {
  await connection?.close();
  await rm(root, { recursive: true, force: true });
});

async function download(body: ReadableStream<Uint8Array>, file: string) {
  await pipeline(Readable.fromWeb(body as never), createWriteStream(file));
}

describe('a backup holds everything', () => {
  it('restores the database and the uploaded files into fresh folders, with the writes made before it ended', async () => {
    // Writes keep coming while the backup is made: the engine is not held for the copy.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        written += 1;
        await sql`insert into public.backup_probe values (${5000 + written}, 'during')`.execute(connection.db);
      }
    })();
    const archive = await embeddedBackup(connection.db, dataDir(), storageDir());
    writing = false;
    await writer;
    const file = path.join(root, 'backup.tar.gz');
    await download(archive.body, file);
    expect(written).toBeGreaterThan(0);

    const restored = {
      pgliteDir: path.join(root, 'restored', 'pglite'),
      storageDir: path.join(root, 'restored', 'storage'),
    };
    expect(await restoreBackup(file, restored)).toBe('embedded');
    expect(await readFile(path.join(restored.storageDir, 'avatars', 'someone', 'avatar-256.webp'))).toEqual(avatar);
    expect(await readdir(restored.storageDir)).toEqual(['avatars']);
    const copy = await openPglite(restored.pgliteDir);
    try {
      const { rows } = await sql<{ before: number; during: number }>`
        select count(*) filter (where note = 'before')::int as before, count(*) filter (where note = 'during')::int as during from public.backup_probe`.execute(
        copy.db,
      );
      expect(rows[0]!.before).toBe(5000);
      expect(rows[0]!.during).toBeLessThanOrEqual(written);
    } finally {
      await copy.close();
    }

    // A second restore into the same folders is refused, or with --force keeps what was there beside.
    await expect(restoreBackup(file, restored)).rejects.toThrow(RestoreError);
    await expect(restoreBackup(file, restored)).rejects.toThrow(
      /is not empty: move it aside, or run again with --force/,
    );
    await restoreBackup(file, restored, { force: true });
    const kept = (await readdir(path.join(root, 'restored')))
      .filter((name) => name.includes('.before-restore-'))
      .sort();
    expect(kept).toEqual([
      expect.stringMatching(/^pglite\.before-restore-/),
      expect.stringMatching(/^storage\.before-restore-/),
    ]);
  }, 240_000);

  it('is compressed off the event loop: other requests go on answering while it downloads', async () => {
    // A large upload that does not compress (a picture's bytes): each read of it is as long as
    // the archive's reads get, and its compression the dearest.
    const photo = path.join(storageDir(), 'covers', 'large-photo.bin');
    await mkdir(path.dirname(photo), { recursive: true });
    await writeFile(photo, randomBytes(48 * 1024 * 1024));
    try {
      const archive = await embeddedBackup(connection.db, dataDir(), storageDir());
      const file = path.join(root, 'while-ticking.tar.gz');
      const { longestGap, took } = await whileTicking(() => download(archive.body, file));
      expect(longestGap).toBeLessThan(took / 20);
    } finally {
      await rm(photo);
    }
  }, 240_000);

  it('refuses a file that is not a backup', async () => {
    const file = path.join(root, 'not-a-backup.tar.gz');
    await writeFile(file, 'hello');
    await expect(
      restoreBackup(file, { pgliteDir: path.join(root, 'x', 'pglite'), storageDir: path.join(root, 'x', 'storage') }),
    ).rejects.toThrow(/is not a backup archive that can be read/);
  });
});
