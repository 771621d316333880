import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while a list's games are reordered (@dnd-kit announces them
 * in its live region), in the site's words. Positions count from 1 and name the place the
 * game would take if dropped now: the place of the game it is over.
 */

export const REORDER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this game, press Space, move it with the arrow keys and press Space again to drop it, or Escape to cancel. With a mouse or a finger, drag the handle.',
};

export const ORDER_SAVED_MESSAGE = 'New order saved.';

/**
 * dnd-kit reports the game over itself as soon as it is picked up, and its live region
 * shows only the latest message: announcing that would drown "Picked up …" at once. So a
 * position is spoken only when the game goes over a different place than last spoken.
 * One set per drag session: build it once per list order (useMemo), not on every render.
 */
export function reorderAnnouncements(entries: readonly { gameId: number; title: string }[]): Announcements {
  const count = entries.length;
  const indexOf = (id: UniqueIdentifier | undefined) => entries.findIndex((entry) => entry.gameId === id);
  const titleOf = (id: UniqueIdentifier) => entries[indexOf(id)]?.title ?? 'The game';
  let spokenOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      spokenOver = active.id;
      return `Picked up ${titleOf(active.id)}, position ${indexOf(active.id) + 1} of ${count}. Use the arrow keys to move, Space to drop.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === spokenOver) return undefined;
      spokenOver = over?.id ?? null;
      return over
        ? `${titleOf(active.id)} moved to position ${indexOf(over.id) + 1} of ${count}.`
        : `${titleOf(active.id)} is outside the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${titleOf(active.id)} at position ${indexOf(over.id) + 1}.`
        : `${titleOf(active.id)} stays at position ${indexOf(active.id) + 1}.`,
    onDragCancel: () => 'Move cancelled.',
  };
}
