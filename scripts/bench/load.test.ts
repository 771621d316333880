import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadInTurns } from './load.ts';

// Answers every request and remembers the paths in the order they came.
const seen: string[] = [];
const server = http.createServer((req, res) => {
  seen.push(req.url ?? '');
  res.end('ok');
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('loadInTurns', () => {
  it('gives each target its share of every round, in order, and counts each target over all its turns', async () => {
    let betweens = 0;
    const target = (path: string) => ({ origin, next: () => path, connections: 1, seconds: 2, encoding: false });
    const [a, b] = await loadInTurns([target('/a'), target('/b')], 2, async () => {
      betweens += 1;
    });

    // Runs of the same path, in the order the server saw them: a, b, a, b.
    const turns = seen.filter((path, i) => path !== seen[i - 1]);
    expect(turns).toEqual(['/a', '/b', '/a', '/b']);
    expect(betweens).toBe(4);
    // Every answer counted, each under its own target (a request still in flight when its turn ended has none).
    for (const [result, path] of [
      [a!, '/a'],
      [b!, '/b'],
    ] as const) {
      const asked = seen.filter((seenPath) => seenPath === path).length;
      expect(result.count).toBeGreaterThan(asked - 2 * 2);
      expect(result.count).toBeLessThanOrEqual(asked);
      // Two turns of a second: the rate is over the time this target was loaded, not both.
      expect(result.perSecond).toBeGreaterThan(result.count / 3);
    }
    expect(a!.errors + b!.errors).toBe(0);
  });
});
