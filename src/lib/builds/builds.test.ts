import { describe, expect, it } from 'vitest';
import { buildMetaUrl, isNewBuild, latestBuildUrl, newBuildId, UPDATE_POLL_MS } from './builds.ts';

describe('build updates', () => {
  it('polls builds/latest.json with a timestamp every 5 minutes', () => {
    expect(latestBuildUrl(1700000000000)).toBe('/builds/latest.json?t=1700000000000');
    expect(UPDATE_POLL_MS).toBe(300_000);
  });

  it('makes ids safe for a file name and a URL', () => {
    const id = newBuildId(new Date('2026-11-23T10:00:00Z'), '0.x/Y../z');
    expect(id).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
    expect(buildMetaUrl(id)).toBe(`/builds/meta/${id}.json`);
  });

  it('sees a new build only in a different, well-formed id', () => {
    expect(isNewBuild('abc-1', { id: 'abc-2', timestamp: 1 })).toBe(true);
    expect(isNewBuild('abc-1', { id: 'abc-1', timestamp: 1 })).toBe(false);
    expect(isNewBuild('abc-1', { id: '../../x', timestamp: 1 })).toBe(false);
    expect(isNewBuild('abc-1', { id: 'abc-2' })).toBe(false);
    expect(isNewBuild('abc-1', null)).toBe(false);
  });
});
