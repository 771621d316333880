import { vi } from 'vitest';

/**
 * The Jest globals the vendored auth-js tests call, on vitest's `vi` (vitest's own globals
 * give them describe, test, expect and the hooks). Jest's `doNotFake` list becomes vitest's
 * `toFake`: every timer vitest fakes by default except the ones named.
 */

const FAKED_BY_DEFAULT = [
  'setTimeout',
  'clearTimeout',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'Date',
] as const;
type Faked = (typeof FAKED_BY_DEFAULT)[number];

const jest = {
  fn: vi.fn,
  spyOn: vi.spyOn,
  doMock: vi.doMock.bind(vi),
  requireActual(path: string): never {
    // Jest calls it only inside a doMock factory, for a module imported after the doMock.
    throw new Error(`jest.requireActual(${path}): no synchronous equivalent under vitest`);
  },
  useFakeTimers(config: { doNotFake?: readonly string[] } = {}) {
    const keep = new Set(config.doNotFake ?? []);
    return vi.useFakeTimers({ toFake: FAKED_BY_DEFAULT.filter((name: Faked) => !keep.has(name)) });
  },
  useRealTimers: vi.useRealTimers,
  setSystemTime: vi.setSystemTime,
  advanceTimersByTime: vi.advanceTimersByTime,
  advanceTimersByTimeAsync: vi.advanceTimersByTimeAsync,
  runAllTimers: vi.runAllTimers,
  clearAllMocks: vi.clearAllMocks,
  restoreAllMocks: vi.restoreAllMocks,
};

Object.assign(globalThis, { jest });
