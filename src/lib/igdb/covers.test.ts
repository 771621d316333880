import { describe, expect, it } from 'vitest';
import { COVER_WIDTHS } from '../images/images.ts';
import { COVER_COPY_MAX_ATTEMPTS, IGDB_COPY_SOURCE_WIDTH, igdbCopyUrl, nextCoverAttempt } from './covers.ts';

describe('copying IGDB covers', () => {
  it('downloads the 1080p size, from the configured base', () => {
    expect(IGDB_COPY_SOURCE_WIDTH).toBeGreaterThanOrEqual(Math.max(...COVER_WIDTHS));
    expect(igdbCopyUrl('https://images.igdb.com/igdb/image/upload', 'co1wyy')).toBe(
      'https://images.igdb.com/igdb/image/upload/t_1080p/co1wyy.jpg',
    );
    expect(IGDB_COPY_SOURCE_WIDTH).toBeGreaterThanOrEqual(Math.max(...COVER_WIDTHS));
    expect(igdbCopyUrl('http://127.0.0.1:9/images/', 'co1wyy')).toBe('http://127.0.0.1:9/images/t_1080p/co1wyy.jpg');
  });

  it('tries a failed copy again after 1 h, 4 h, 16 h and 64 h, then gives up', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const hours = [1, 2, 3, 4].map((n) => (nextCoverAttempt(n, now)!.getTime() - now.getTime()) / 3_600_000);
    expect(hours).toEqual([1, 4, 16, 64]);
    expect(COVER_COPY_MAX_ATTEMPTS).toBe(5);
    expect(nextCoverAttempt(5, now)).toBeNull();
  });
});
