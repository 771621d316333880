import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { errors } from './errors.ts';

/**
 * The object files under STORAGE_DIR. Uploads are written to `<root>/.uploads/<uuid>`
 * while they arrive (counted against the limit chunk by chunk, so no more than the limit
 * plus one chunk is ever read), flushed to disk, and only then renamed to their final
 * name: a reader sees a whole file or none, never a partial one, and a failed upload
 * leaves nothing behind.
 */

export interface ReceivedFile {
  path: string;
  size: number;
  /** MD5 of the bytes, quoted, as S3 and Supabase Storage send it as the ETag. */
  eTag: string;
}

const UPLOADS_DIR = '.uploads';
/** Temporary files older than this belong to an upload that died with its process. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

export class FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /**
   * Streams `source` into a new temporary file; throws EntityTooLarge (leaving no file) as
   * soon as more than `limit` bytes have arrived.
   */
  async receive(source: AsyncIterable<Uint8Array>, limit: number): Promise<ReceivedFile> {
    const dir = path.join(this.root, UPLOADS_DIR);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, randomUUID());
    const handle = await open(file, 'wx', 0o600);
    const md5 = createHash('md5');
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > limit) throw errors.entityTooLarge();
        md5.update(chunk);
        await handle.write(chunk);
      }
      await handle.datasync();
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(file, { force: true });
      throw error;
    }
    await handle.close();
    return { path: file, size, eTag: `"${md5.digest('hex')}"` };
  }

  /** Moves a received file to its final name (atomic: same file system, one rename). */
  async place(received: ReceivedFile, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(received.path, target);
  }

  async discard(file: string): Promise<void> {
    await rm(file, { force: true }).catch((error: unknown) => {
      console.error(`[storage] could not remove ${path.relative(this.root, file)}: ${(error as Error).message}`);
    });
  }

  /** The file's bytes as a web stream and its size, or null when it is gone. */
  async read(file: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    try {
      const info = await stat(file);
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { body, size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Removes temporary files left by uploads that never finished (a crash mid-upload). */
  async sweepStaleUploads(now = Date.now()): Promise<void> {
    const dir = path.join(this.root, UPLOADS_DIR);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await this.discard(file);
    }
  }
}
