import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while a list's games are reordered (@dnd-kit announces them
 * in its live region), in the site's words. Positions count from 1 and name the place the
 * game would take if dropped now: the place of the game it is over.
 */

export const REORDER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: 'To move this game, press Space, move it with the arrow keys and press Space again to drop it, or Escape to cancel. With a mouse or a finger, drag the handle.',
};

export const ORDER_SAVED_MESSAGE = 'New order saved.';

export function reorderAnnouncements(entries: readonly { gameId: number; title: string }[]): Announcements {
  const count = entries.length;
  const indexOf = (id: UniqueIdentifier | undefined) => entries.findIndex((entry) => entry.gameId === id);
  const titleOf = (id: UniqueIdentifier) => entries[indexOf(id)]?.title ?? 'The game';
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${indexOf(active.id) + 1} of ${count}. Use the arrow keys to move, Space to drop.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} moved to position ${indexOf(over.id) + 1} of ${count}.` : `${titleOf(active.id)} is outside the list.`),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${titleOf(active.id)} at position ${indexOf(over.id) + 1}.` : `${titleOf(active.id)} stays at position ${indexOf(active.id) + 1}.`),
    onDragCancel: () => 'Move cancelled.',
  };
}
