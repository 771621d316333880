import { describe, expect, it } from 'vitest';
import {
  changeActionLabel,
  changeLogHref,
  changeLogQuerySchema,
  gamesProcessed,
  reviewDecisionSchema,
  reviewIdOf,
} from './admin.ts';

describe("the IGDB admin page's inputs", () => {
  it('reads the change log filters, dropping what it cannot read', () => {
    expect(changeLogQuerySchema.parse({ run: '3', before: '120' })).toEqual({ run: 3, before: '120' });
    expect(changeLogQuerySchema.parse({ run: 'x', before: '-1' })).toEqual({ run: undefined, before: undefined });
    expect(changeLogQuerySchema.parse({ run: '0', before: '1'.repeat(19) })).toEqual({
      run: undefined,
      before: undefined,
    });
  });

  it('takes the three decisions, with a slug to link to, and says what is wrong otherwise', () => {
    expect(reviewDecisionSchema.parse({ action: 'link', game: ' celeste ' })).toEqual({
      action: 'link',
      game: 'celeste',
    });
    expect(reviewDecisionSchema.parse({ action: 'create', game: 'ignored' })).toEqual({ action: 'create' });
    const none = reviewDecisionSchema.safeParse({ action: 'merge' });
    expect(none.error?.issues[0]?.message).toBe(
      'Choose to link the IGDB game to a catalogue game, add it as a new game, or dismiss it.',
    );
    const empty = reviewDecisionSchema.safeParse({ action: 'link', game: '  ' });
    expect(empty.error?.issues[0]?.message).toBe('Give the address (slug) of the catalogue game.');
  });

  it('reads review ids from the path', () => {
    expect(reviewIdOf('12')).toBe(12);
    for (const raw of [undefined, '', '0', '012', '1e3', '1234567890']) expect(reviewIdOf(raw), raw).toBeNull();
  });

  it('links change log pages and names actions', () => {
    expect(changeLogHref({})).toBe('/admin/igdb#change-log');
    expect(changeLogHref({ run: 2, before: '40' })).toBe('/admin/igdb?run=2&before=40#change-log');
    expect(changeActionLabel('queued')).toBe('Queued for review');
    expect(changeActionLabel('something-new')).toBe('something-new');
    expect(gamesProcessed({ pages: 2, created: 3, updated: 4, skipped: 1, queued: 2 })).toBe(10);
  });
});
