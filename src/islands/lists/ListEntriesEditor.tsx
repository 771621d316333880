import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useMemo, useState } from 'react';
import { listsApi } from '../../lib/lists/lists.client.ts';
import { LIST_ENTRY_NOTE_MAX } from '../../lib/lists/lists.ts';
import { ORDER_SAVED_MESSAGE, REORDER_INSTRUCTIONS, reorderAnnouncements } from '../../lib/lists/reorder.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

export interface EditorEntry {
  gameId: number;
  title: string;
  slug: string;
  note: string | null;
}

interface Props {
  listId: number;
  ranked: boolean;
  entries: EditorEntry[];
}

interface Found {
  id: number;
  slug: string;
  title: string;
  releaseDate: string | null;
}

/**
 * A list's games: add through catalogue search, remove, annotate, and reorder with
 * @dnd-kit/sortable by pointer, touch or keyboard on a row's handle (Space to pick up,
 * arrows to move, Space to drop, Escape to cancel), each step announced to screen
 * readers in the site's words. Each new order is saved as positions in one request; a
 * refusal puts the old order back with the red Error toast.
 */
function Editor({ listId, ranked, entries: initial }: Props) {
  const [entries, setEntries] = useState(initial);
  const [announcement, setAnnouncement] = useState('');
  const announcements = useMemo(() => reorderAnnouncements(entries), [entries]);
  // Pointer covers mouse, pen and touch; a few pixels of travel before a drag starts keep a tap a tap.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  async function saveOrder(next: EditorEntry[], previous: EditorEntry[]) {
    try {
      await listsApi(`/api/lists/${listId}/order`, 'PUT', { gameIds: next.map((entry) => entry.gameId) });
      setAnnouncement(ORDER_SAVED_MESSAGE);
    } catch (error) {
      setEntries(previous);
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = entries.findIndex((entry) => entry.gameId === active.id);
    const to = entries.findIndex((entry) => entry.gameId === over.id);
    if (from < 0 || to < 0) return;
    const previous = entries;
    const next = arrayMove(entries, from, to);
    setEntries(next);
    void saveOrder(next, previous);
  }

  async function remove(entry: EditorEntry) {
    const previous = entries;
    setEntries(entries.filter((item) => item.gameId !== entry.gameId));
    try {
      await listsApi(`/api/lists/${listId}/entries/${entry.gameId}`, 'DELETE');
      setAnnouncement(`${entry.title} removed.`);
    } catch (error) {
      setEntries(previous);
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }

  async function saveNote(entry: EditorEntry, note: string) {
    if ((entry.note ?? '') === note) return;
    try {
      await listsApi(`/api/lists/${listId}/entries/${entry.gameId}`, 'PATCH', { note });
      setEntries((current) => current.map((item) => (item.gameId === entry.gameId ? { ...item, note } : item)));
      setAnnouncement(`Note on ${entry.title} saved.`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }

  async function add(game: Found) {
    try {
      await listsApi(`/api/lists/${listId}/entries`, 'POST', { gameId: game.id });
      setEntries((current) => [...current, { gameId: game.id, title: game.title, slug: game.slug, note: null }]);
      setAnnouncement(`${game.title} added.`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }

  return (
    <div className="grid gap-4">
      <p className="sr-only" role="status" aria-live="assertive">
        {announcement}
      </p>
      <GameSearch onPick={(game) => void add(game)} />
      {entries.length === 0 ? (
        <p className="card p-5 text-content-muted">This list is empty. Search for a game above to add the first one.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: REORDER_INSTRUCTIONS }}
        >
          <SortableContext items={entries.map((entry) => entry.gameId)} strategy={verticalListSortingStrategy}>
            <ol className="grid gap-2" aria-label="Games on this list">
              {entries.map((entry, index) => (
                <EntryRow
                  key={entry.gameId}
                  entry={entry}
                  position={ranked ? index + 1 : null}
                  onRemove={() => void remove(entry)}
                  onNote={(note) => void saveNote(entry, note)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <p className="text-sm text-content-muted">
        Drag a game by its handle (⠿) to move it, or focus the handle, press Space, move with the arrow keys and press
        Space again.
      </p>
    </div>
  );
}

function EntryRow({
  entry,
  position,
  onRemove,
  onNote,
}: {
  entry: EditorEntry;
  position: number | null;
  onRemove: () => void;
  onNote: (note: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.gameId,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`card flex flex-wrap items-center gap-3 p-3 ${isDragging ? 'relative z-10 ring-2 ring-primary-500' : ''}`}
      data-entry={entry.gameId}
    >
      {/* touch-none on the handle only: a finger on the handle drags, anywhere else it scrolls the page. */}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="btn btn-secondary cursor-grab touch-none px-2"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${entry.title}`}
      >
        ⠿
      </button>
      {position !== null && <span className="w-8 text-right font-bold">{position}.</span>}
      <a href={`/games/${entry.slug}`} className="min-w-0 flex-1 font-semibold">
        {entry.title}
      </a>
      <label className="flex min-w-48 flex-1 items-center gap-2 text-sm">
        <span className="sr-only">Note on {entry.title}</span>
        <input
          className="field w-full"
          placeholder="Add a note"
          maxLength={LIST_ENTRY_NOTE_MAX}
          defaultValue={entry.note ?? ''}
          onBlur={(event) => onNote(event.target.value)}
        />
      </label>
      <button type="button" className="btn btn-secondary" onClick={onRemove}>
        Remove<span className="sr-only"> {entry.title}</span>
      </button>
    </li>
  );
}

function GameSearch({ onPick }: { onPick: (game: Found) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[]>([]);
  // Fewer than 2 characters search nothing and clear what an earlier search found.
  const search = (next: string) => {
    setQuery(next);
    if (next.trim().length < 2) setFound([]);
  };
  useEffect(() => {
    if (query.trim().length < 2) return;
    const timer = setTimeout(() => {
      listsApi<{ games: Found[] }>(`/api/library/games?q=${encodeURIComponent(query)}`, 'GET').then(
        (answer) => setFound(answer.games),
        () => setFound([]),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [query]);
  return (
    <div className="card p-4">
      <label className="grid gap-1">
        <span className="font-medium">Add a game</span>
        <input
          className="field"
          type="search"
          value={query}
          placeholder="Search the catalogue"
          onChange={(event) => search(event.target.value)}
        />
      </label>
      {found.length > 0 && (
        <ul className="mt-2 grid gap-1" aria-label="Matching games">
          {found.map((game) => (
            <li key={game.id} className="flex items-center justify-between gap-2">
              <span>
                {game.title}{' '}
                {game.releaseDate && <span className="text-content-muted">({game.releaseDate.slice(0, 4)})</span>}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  onPick(game);
                  search('');
                }}
              >
                Add<span className="sr-only"> {game.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ListEntriesEditor(props: Props) {
  return (
    <IslandBoundary name="ListEntriesEditor">
      <Editor {...props} />
    </IslandBoundary>
  );
}
