import { describe, expect, it } from 'vitest';
import { handleIcons } from '../../../functions/icons/handlers.ts';
import { ICON_MAX_URL_LENGTH, iconRequestUrls, parseIconNames } from './icons.ts';

describe('iconRequestUrls', () => {
  it('splits long lists so that no URL is over 500 characters, keeping every name', () => {
    const names = Array.from({ length: 80 }, (_, i) => `icon-name-${i}`);
    const urls = iconRequestUrls('lucide', names);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.length).toBeLessThanOrEqual(ICON_MAX_URL_LENGTH);
    expect(urls.flatMap((url) => new URL(url, 'http://x').searchParams.get('icons')!.split(','))).toEqual(names);
  });

  it('asks once for a short list and drops invalid names', () => {
    expect(iconRequestUrls('lucide', ['house', 'house', 'Bad Name', 'star'])).toEqual([
      '/api/icons/lucide.json?icons=house,star',
    ]);
  });
});

describe('parseIconNames', () => {
  it('refuses empty, oversized and malformed lists', () => {
    expect(parseIconNames('house,star')).toEqual(['house', 'star']);
    expect(parseIconNames('')).toBeNull();
    expect(parseIconNames('../etc/passwd')).toBeNull();
    expect(parseIconNames(Array.from({ length: 101 }, (_, i) => `i${i}`).join(','))).toBeNull();
  });
});

describe('GET /api/icons/{collection}.json', () => {
  it('answers the Iconify JSON of the requested icons, cached immutably', async () => {
    const response = await handleIcons(
      new Request('http://x/api/icons/lucide.json?icons=house,no-such-icon-here'),
      'lucide',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const body = (await response.json()) as {
      prefix: string;
      icons: Record<string, { body: string }>;
      not_found?: string[];
    };
    expect(body.prefix).toBe('lucide');
    expect(Object.keys(body.icons)).toEqual(['house']);
    expect(body.icons.house!.body).toContain('<path');
    expect(body.not_found).toEqual(['no-such-icon-here']);
  });

  it('refuses an unknown collection and a bad list', async () => {
    expect((await handleIcons(new Request('http://x/api/icons/nope.json?icons=a'), 'nope')).status).toBe(404);
    expect((await handleIcons(new Request('http://x/api/icons/lucide.json'), 'lucide')).status).toBe(400);
  });
});
