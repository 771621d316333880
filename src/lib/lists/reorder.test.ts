import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { reorderAnnouncements } from './reorder.ts';

const entries = [
  { gameId: 4, title: 'Hades' },
  { gameId: 9, title: 'Portal 2' },
  { gameId: 2, title: 'Celeste' },
];
const active = (id: number) => ({ id }) as unknown as Active;
const over = (id: number) => ({ id }) as unknown as Over;

describe('reordering announcements', () => {
  it('name the game and its position out of the list’s length when it is picked up, not drowned by the game being over itself', () => {
    const say = reorderAnnouncements(entries);
    expect(say.onDragStart({ active: active(9) })).toBe(
      'Picked up Portal 2, position 2 of 3. Use the arrow keys to move, Space to drop.',
    );
    expect(say.onDragOver({ active: active(9), over: over(9) })).toBeUndefined();
  });

  it('give the position the game would take, which is the position of the game it is over, each time it changes', () => {
    const say = reorderAnnouncements(entries);
    say.onDragStart({ active: active(4) });
    expect(say.onDragOver({ active: active(4), over: over(9) })).toBe('Hades moved to position 2 of 3.');
    expect(say.onDragOver({ active: active(4), over: over(9) })).toBeUndefined();
    expect(say.onDragOver({ active: active(4), over: over(2) })).toBe('Hades moved to position 3 of 3.');
    expect(say.onDragOver({ active: active(4), over: over(4) })).toBe('Hades moved to position 1 of 3.');
    expect(say.onDragOver({ active: active(4), over: null })).toBe('Hades is outside the list.');
  });

  it('say where the game was dropped, that it stayed, or that the move was cancelled', () => {
    const say = reorderAnnouncements(entries);
    expect(say.onDragEnd({ active: active(2), over: over(4) })).toBe('Dropped Celeste at position 1.');
    expect(say.onDragEnd({ active: active(2), over: null })).toBe('Celeste stays at position 3.');
    expect(say.onDragCancel({ active: active(2), over: over(9) })).toBe('Move cancelled.');
  });
});
