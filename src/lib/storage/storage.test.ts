import { describe, expect, it } from 'vitest';
import {
  isVersionOf,
  publicObjectUrl,
  STORAGE_LIST_DEFAULTS,
  SIGNED_URL_EXPIRES_IN,
  versionedObjectPath,
} from './storage.ts';

describe('storage URLs and names', () => {
  it('builds public URLs as storage-js does, from the configured base', () => {
    expect(publicObjectUrl('https://example.com/', 'avatars', 'u1/avatar-256-0123456789abcdef.webp')).toBe(
      'https://example.com/storage/v1/object/public/avatars/u1/avatar-256-0123456789abcdef.webp',
    );
    expect(publicObjectUrl('http://localhost:4321', 'covers', 'a b/c.webp')).toBe(
      'http://localhost:4321/storage/v1/object/public/covers/a%20b/c.webp',
    );
  });

  it("versions file names, and tells an image's versions from other files", () => {
    const path = versionedObjectPath('u1', 'avatar', '256', '0123456789abcdef', 'webp');
    expect(path).toBe('u1/avatar-256-0123456789abcdef.webp');
    expect(isVersionOf('avatar-256-0123456789abcdef.webp', 'avatar')).toBe(true);
    expect(isVersionOf('avatar-64-fedcba9876543210.webp', 'avatar')).toBe(true);
    expect(isVersionOf('avatar.png', 'avatar')).toBe(false);
    expect(isVersionOf('avatar-big-256-0123456789abcdef.webp', 'avatar')).toBe(false);
    expect(isVersionOf('banner-256-0123456789abcdef.webp', 'avatar')).toBe(false);
  });

  it("keeps the spec's storage constants", () => {
    expect(STORAGE_LIST_DEFAULTS).toEqual({ limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } });
    expect(SIGNED_URL_EXPIRES_IN).toBe(3600);
  });
});
