import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { assertValidBucketId, assertValidKey, bucketAndKey, diskSegment, objectFilePath } from './paths.ts';

const VERSION = '5f2c7e1a-0b9d-4c3e-8f6a-1d2e3f4a5b6c';

function invalid(work: () => unknown): StorageError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    return error as StorageError;
  }
  throw new Error('expected a refusal');
}

describe('object keys', () => {
  it("accepts Supabase's key characters in ordinary paths", () => {
    for (const key of [
      'a.png',
      'u1/avatar-256-0123.webp',
      "folder/sub folder/(1) it's & $=@;:+,?!*.png",
      'x/.hidden',
    ]) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });

  it('refuses traversal, absolute paths, empty segments, other characters and oversized paths', () => {
    for (const key of [
      '',
      '..',
      'a/../b',
      './a',
      'a/./b',
      '/etc/passwd',
      'a//b',
      'a/',
      'a\\b',
      'a%2Fb',
      'ä.png',
      'a\u0000b',
      'x'.repeat(1025),
    ]) {
      expect(invalid(() => assertValidKey(key))).toMatchObject({ statusCode: 400, code: 'InvalidKey' });
    }
    expect(() => assertValidKey(`a/${'y'.repeat(218)}`)).not.toThrow();
    expect(invalid(() => assertValidKey(`a/${'y'.repeat(219)}`)).code).toBe('InvalidKey');
    // Characters that are encoded on disk count three times.
    expect(invalid(() => assertValidKey(`a/${':'.repeat(80)}`)).code).toBe('InvalidKey');
  });

  it('decodes URL segments before checking them, so encoded traversal is refused too', () => {
    expect(bucketAndKey(['avatars', 'u1', 'a%20b.png'])).toEqual({ bucketId: 'avatars', key: 'u1/a b.png' });
    for (const segments of [
      ['avatars', '..%2F..%2Fetc'],
      ['avatars', 'u1', '%2E%2E'],
      ['avatars', '%E0%A4%A'],
      ['avatars'],
    ]) {
      expect(invalid(() => bucketAndKey(segments)).code).toBe('InvalidKey');
    }
    expect(invalid(() => bucketAndKey(['..', 'x'])).code).toBe('InvalidBucketName');
    expect(invalid(() => assertValidBucketId('a/b')).code).toBe('InvalidBucketName');
  });
});

describe('files on disk', () => {
  it('keeps every object inside the root, under its versioned name', () => {
    const root = path.resolve('/srv/storage');
    expect(objectFilePath(root, 'avatars', 'u1/avatar.webp', VERSION)).toBe(
      path.join(root, 'avatars', 'u1', `avatar.webp@${VERSION}`),
    );
    expect(objectFilePath(root, 'avatars', 'a:b/*?@.png', VERSION)).toBe(
      path.join(root, 'avatars', 'a%3Ab', `%2A%3F%40.png@${VERSION}`),
    );
    expect(() => objectFilePath(root, 'avatars', 'a.png', '../../x')).toThrow();
  });

  it('never lets a segment become a hidden, special or separator name', () => {
    expect(diskSegment('.uploads')).toBe('%2Euploads');
    expect(diskSegment('..')).toBe('%2E.');
    expect(diskSegment('a@b')).toBe('a%40b');
    expect(diskSegment('plain-name_1.png')).toBe('plain-name_1.png');
  });
});
