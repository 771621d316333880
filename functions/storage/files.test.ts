import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from './files.ts';

let root: string;
let store: FileStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-files-'));
  store = new FileStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** An endless source of 64 KB chunks that counts how much was taken from it. */
function endless() {
  const source = {
    pulled: 0,
    [Symbol.asyncIterator]: () => ({
      next: () => {
        const chunk = new Uint8Array(64 * 1024).fill(1);
        source.pulled += chunk.byteLength;
        return Promise.resolve({ value: chunk, done: false as const });
      },
    }),
  };
  return source;
}

const chunks = (...parts: string[]): AsyncIterable<Uint8Array> =>
  Readable.from(parts.map((part) => new TextEncoder().encode(part)));

describe('FileStore', () => {
  it('stops reading an oversized upload one chunk past the limit and keeps nothing', async () => {
    const source = endless();
    await expect(store.receive(source, 1024 * 1024)).rejects.toMatchObject({ statusCode: 413, code: 'EntityTooLarge' });
    expect(source.pulled).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
    expect(await readdir(path.join(root, '.uploads'))).toEqual([]);
  });

  it('keeps nothing when the upload fails midway', async () => {
    async function* broken() {
      yield* chunks('ten bytes!');
      throw new Error('connection reset');
    }
    await expect(store.receive(broken(), 100)).rejects.toThrow('connection reset');
    expect(await readdir(path.join(root, '.uploads'))).toEqual([]);
  });

  it('receives into a temporary file with its size and MD5 ETag, then places it in one rename', async () => {
    const received = await store.receive(chunks('hello ', 'world'), 11);
    expect(received).toMatchObject({ size: 11, eTag: '"5eb63bbbe01eeed093cb22bb8f5acdc3"' });
    const target = path.join(root, 'bucket', 'a', 'b@version');
    await store.place(received, target);
    expect(await readFile(target, 'utf8')).toBe('hello world');
    expect(await readdir(path.join(root, '.uploads'))).toEqual([]);
    const read = await store.read(target);
    expect(read?.size).toBe(11);
    await read!.body.cancel();
    expect(await store.read(path.join(root, 'bucket', 'missing'))).toBeNull();
  });

  it('sweeps temporary files that outlived their upload', async () => {
    await store.receive(chunks('left behind'), 100);
    await store.sweepStaleUploads(Date.now());
    expect(await readdir(path.join(root, '.uploads'))).toHaveLength(1);
    await store.sweepStaleUploads(Date.now() + 2 * 60 * 60 * 1000);
    expect(await readdir(path.join(root, '.uploads'))).toEqual([]);
  });
});
