import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { listsApi, moveItem } from '../../lib/lists/lists.client.ts';
import { LIST_ENTRY_NOTE_MAX } from '../../lib/lists/lists.ts';
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
 * A list's games: add through catalogue search, remove, annotate, and reorder by drag and
 * drop or by keyboard (focus a row's handle, Space to pick it up, arrows to move, Space to
 * drop, Escape to cancel). Each new order is saved as positions in one request; a refusal
 * puts the old order back with the red Error toast.
 */
function Editor({ listId, ranked, entries: initial }: Props) {
  const [entries, setEntries] = useState(initial);
  const [picked, setPicked] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const before = useRef<EditorEntry[] | null>(null);
  const handles = useRef<(HTMLButtonElement | null)[]>([]);

  async function saveOrder(next: EditorEntry[], previous: EditorEntry[]) {
    try {
      await listsApi(`/api/lists/${listId}/order`, 'PUT', { gameIds: next.map((entry) => entry.gameId) });
      setAnnouncement('New order saved.');
    } catch (error) {
      setEntries(previous);
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const entry = entries[index]!;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (picked === null) {
        before.current = entries;
        setPicked(index);
        setAnnouncement(`Picked up ${entry.title}, position ${index + 1} of ${entries.length}. Use the arrow keys to move, Space to drop.`);
      } else {
        setPicked(null);
        setAnnouncement(`Dropped ${entry.title} at position ${index + 1}.`);
        if (before.current) void saveOrder(entries, before.current);
        before.current = null;
      }
      return;
    }
    if (event.key === 'Escape' && picked !== null && before.current) {
      setEntries(before.current);
      setPicked(null);
      setAnnouncement('Move cancelled.');
      return;
    }
    if (picked === null || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to < 0 || to >= entries.length) return;
    setEntries(moveItem(entries, index, to));
    setPicked(to);
    setAnnouncement(`${entry.title} moved to position ${to + 1} of ${entries.length}.`);
  }

  useEffect(() => {
    if (picked !== null) handles.current[picked]?.focus();
  }, [picked, entries]);

  function onDrop(index: number) {
    if (dragFrom === null || dragFrom === index) return;
    const previous = entries;
    const next = moveItem(entries, dragFrom, index);
    setEntries(next);
    setDragFrom(null);
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
        <ol className="grid gap-2" aria-label="Games on this list">
          {entries.map((entry, index) => (
            <li
              key={entry.gameId}
              className={`card flex flex-wrap items-center gap-3 p-3 ${picked === index ? 'ring-2 ring-primary-500' : ''}`}
              draggable
              onDragStart={() => setDragFrom(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => onDrop(index)}
              data-entry={entry.gameId}
            >
              <button
                type="button"
                ref={(element) => {
                  handles.current[index] = element;
                }}
                className="btn btn-secondary cursor-grab px-2"
                aria-label={`Reorder ${entry.title}`}
                aria-pressed={picked === index}
                aria-describedby="reorder-help"
                onKeyDown={(event) => onHandleKey(event, index)}
              >
                ⠿
              </button>
              {ranked && <span className="w-8 text-right font-bold">{index + 1}.</span>}
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
                  onBlur={(event) => void saveNote(entry, event.target.value)}
                />
              </label>
              <button type="button" className="btn btn-secondary" onClick={() => void remove(entry)}>
                Remove<span className="sr-only"> {entry.title}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <p id="reorder-help" className="text-sm text-content-muted">
        Drag a game to move it, or focus its handle (⠿), press Space, move with the arrow keys and press Space again.
      </p>
    </div>
  );
}

function GameSearch({ onPick }: { onPick: (game: Found) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[]>([]);
  useEffect(() => {
    if (query.trim().length < 2) return setFound([]);
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
        <input className="field" type="search" value={query} placeholder="Search the catalogue" onChange={(event) => setQuery(event.target.value)} />
      </label>
      {found.length > 0 && (
        <ul className="mt-2 grid gap-1" aria-label="Matching games">
          {found.map((game) => (
            <li key={game.id} className="flex items-center justify-between gap-2">
              <span>
                {game.title} {game.releaseDate && <span className="text-content-muted">({game.releaseDate.slice(0, 4)})</span>}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  onPick(game);
                  setQuery('');
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
