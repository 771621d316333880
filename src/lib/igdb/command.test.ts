import { describe, expect, it } from 'vitest';
import { IGDB_USAGE, parseIgdbCommand } from './command.ts';

describe('parseIgdbCommand', () => {
  it('reads sync, sync with a page budget, update, and status', () => {
    expect(parseIgdbCommand(['sync'])).toEqual({ command: 'sync', maxPages: undefined });
    expect(parseIgdbCommand(['sync', '--pages', '3'])).toEqual({ command: 'sync', maxPages: 3 });
    expect(parseIgdbCommand(['status'])).toEqual({ command: 'status' });
    expect(parseIgdbCommand(['update', '--pages', '2'])).toEqual({ command: 'update', maxPages: 2 });
  });

  it('reads covers, with or without a number of games', () => {
    expect(parseIgdbCommand(['covers'])).toEqual({ command: 'covers', count: undefined });
    expect(parseIgdbCommand(['covers', '--count', '25'])).toEqual({ command: 'covers', count: 25 });
    for (const bad of [
      ['covers', '--count', '0'],
      ['covers', '--count', '2.5'],
      ['covers', '--count'],
      ['covers', '25'],
    ]) {
      expect(parseIgdbCommand(bad)).toMatchObject({ error: expect.stringMatching(/--count/) as unknown });
    }
  });

  it('says how to use it otherwise', () => {
    expect(parseIgdbCommand([])).toEqual({ error: IGDB_USAGE });
    expect(parseIgdbCommand(['sync', '--pages', '0'])).toMatchObject({
      error: expect.stringMatching(/--pages/) as unknown,
    });
    expect(parseIgdbCommand(['sync', '--pages'])).toMatchObject({ error: expect.stringMatching(/--pages/) as unknown });
  });
});
