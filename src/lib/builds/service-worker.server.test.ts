import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CACHING } from './service-worker.server.ts';

// Pages come from the network whenever it answers: a write purges the cached pages it
// changes, and a copy kept by the service worker must not undo that for a visitor whose
// answer is merely slow (a member who rates a game and goes back to the listing sees the
// rating). The kept copy and the offline page are for when the network fails.
const ORIGIN = 'https://critical-hit.test';

function ruleFor(path: string) {
  const url = new URL(path, ORIGIN);
  return RUNTIME_CACHING.find(
    ({ urlPattern }) => typeof urlPattern === 'function' && urlPattern({ request: { mode: 'navigate' }, url } as never),
  );
}

describe('the service worker', () => {
  const holder = globalThis as { self?: unknown };
  const before = holder.self;
  beforeAll(() => {
    holder.self = { location: { origin: ORIGIN } };
  });
  afterAll(() => {
    holder.self = before;
  });

  it('answers public pages from the network until it fails, however long the network takes', () => {
    for (const path of ['/games?q=defcon', '/', '/games/portal-2']) {
      const rule = ruleFor(path);
      expect(rule?.handler, path).toBe('NetworkFirst');
      expect(rule?.options?.networkTimeoutSeconds, path).toBeUndefined();
    }
  });

  it('never keeps a private page', () => {
    for (const path of ['/dashboard', '/settings', '/admin/games'])
      expect(ruleFor(path)?.handler, path).toBe('NetworkOnly');
  });
});
