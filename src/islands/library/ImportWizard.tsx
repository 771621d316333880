import { useState, type FormEvent } from 'react';
import { IMPORT_BYTES_MAX, IMPORT_TOO_LARGE, type ImportFormat } from '../../lib/library/import-limits.ts';
import type { MatchCandidate, MatchKind } from '../../lib/library/import-match.ts';
import { PLAY_STATUS_LABELS, type PlayStatus } from '../../lib/library/play-status.ts';
import { listsApi } from '../../lib/lists/lists.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { HydrationGate } from '../auth/HydrationGate.tsx';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface PreviewRow {
  line: number;
  title: string;
  status: PlayStatus | null;
  platform: string | null;
  hoursPlayed: number | null;
  lists: string[];
  kind: MatchKind;
  game: MatchCandidate | null;
  confidence: number;
  byAppId: boolean;
}

interface ImportAnswer {
  changed: number;
  skipped: number;
  lists: { created: number; merged: number; entries: number };
  problems: string[];
}

/** The file as the API takes it: text, or a ZIP's bytes in base64. */
type SentFile = { text: string } | { base64: string };

async function readFile(file: File): Promise<SentFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { base64: btoa(binary) };
  }
  return { text: new TextDecoder().decode(bytes) };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function outcomeText(answer: ImportAnswer): string {
  const parts = [`Imported: ${plural(answer.changed, 'game', 'games')} updated, ${answer.skipped} skipped.`];
  const { created, merged, entries } = answer.lists;
  if (created + merged > 0)
    parts.push(`Lists: ${created} created, ${merged} added to, ${plural(entries, 'game', 'games')} added.`);
  parts.push('Statuses, dates and notes you had set were kept.');
  return parts.join(' ');
}

const KIND_LABELS: Record<MatchKind, string> = { matched: 'Matched', fuzzy: 'Close match', unmatched: 'Not found' };
const ACCEPT: Record<ImportFormat, string> = {
  hltb: '.csv,text/csv',
  steam: '.json,application/json',
  export: '.zip,.json,application/zip,application/json',
};

/**
 * Import in three steps: choose a file, check the preview (matched, close matches with
 * their confidence, not found) and link or skip rows, then import. Nothing is written
 * before the last step, and only empty fields are ever filled.
 */
function Wizard() {
  const [format, setFormat] = useState<ImportFormat>('hltb');
  const [sent, setSent] = useState<SentFile | null>(null);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [lists, setLists] = useState<{ title: string; entries: number }[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [links, setLinks] = useState<Record<number, MatchCandidate | null>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ text: string; problems: string[] } | null>(null);

  async function preview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return toast.error('Choose a file first.');
    if (file.size > IMPORT_BYTES_MAX) return toast.error(IMPORT_TOO_LARGE);
    setBusy(true);
    setDone(null);
    try {
      const content = await readFile(file);
      const answer = await listsApi<{
        format: ImportFormat;
        rows: PreviewRow[];
        lists: { title: string; entries: number }[];
        problems: string[];
      }>('/api/library/import/preview', 'POST', { format, ...content });
      // The server reads what the file is (an export picked under another format is still an export).
      setFormat(answer.format);
      setSent(content);
      setRows(answer.rows);
      setLists(answer.lists);
      setProblems(answer.problems);
      setLinks(Object.fromEntries(answer.rows.map((row) => [row.line, row.kind === 'unmatched' ? null : row.game])));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!rows || sent === null) return;
    setBusy(true);
    try {
      const chosen = Object.fromEntries(
        Object.entries(links).flatMap(([line, game]) => (game ? [[line, game.id]] : [])),
      );
      const answer = await listsApi<ImportAnswer>('/api/library/import', 'POST', { format, ...sent, links: chosen });
      setDone({ text: outcomeText(answer), problems: answer.problems });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  const counts = rows
    ? {
        matched: rows.filter((row) => row.kind === 'matched').length,
        fuzzy: rows.filter((row) => row.kind === 'fuzzy').length,
        unmatched: rows.filter((row) => row.kind === 'unmatched').length,
      }
    : null;

  return (
    <div className="grid gap-6">
      <form onSubmit={(event) => void preview(event)} className="card grid gap-4 p-5" aria-label="Choose a file">
        <fieldset className="grid gap-1">
          <legend className="font-semibold">Where is it from?</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="format" checked={format === 'hltb'} onChange={() => setFormat('hltb')} />{' '}
            HowLongToBeat CSV export
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="format" checked={format === 'steam'} onChange={() => setFormat('steam')} /> Steam
            library (GetOwnedGames JSON)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="format" checked={format === 'export'} onChange={() => setFormat('export')} />{' '}
            Critical Hit export (export.zip or export.json from this site)
          </label>
        </fieldset>
        <label className="grid gap-1">
          <span className="font-medium">File</span>
          <input type="file" name="file" accept={ACCEPT[format]} className="field" />
        </label>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Show the preview
          </button>
        </div>
      </form>

      {rows && counts && (
        <section aria-labelledby="preview-heading" className="grid gap-3">
          <h2 id="preview-heading" className="text-xl font-semibold">
            Preview: {counts.matched} matched, {counts.fuzzy} close, {counts.unmatched} not found
          </h2>
          {lists.length > 0 && (
            <p className="text-sm">
              {plural(lists.length, 'list', 'lists')} with{' '}
              {plural(
                lists.reduce((sum, list) => sum + list.entries, 0),
                'game',
                'games',
              )}
              : {lists.map((list) => list.title).join(', ')}.
            </p>
          )}
          {problems.length > 0 && (
            <ul
              className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              aria-label="Rows with problems"
            >
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <ol className="grid gap-2" aria-label="Rows of the file">
            {rows.map((row) => (
              <li key={row.line} className="card grid gap-2 p-3 sm:grid-cols-[1fr_1fr]" data-kind={row.kind}>
                <div>
                  <p className="font-semibold">{row.title}</p>
                  <p className="text-xs text-content-muted">
                    {row.status ? PLAY_STATUS_LABELS[row.status] : 'No status'}
                    {row.platform && ` · ${row.platform}`}
                    {row.hoursPlayed !== null && ` · ${row.hoursPlayed} h`} · {KIND_LABELS[row.kind]}
                    {row.byAppId && ' by Steam app id'}
                    {row.kind === 'fuzzy' && ` (${Math.round(row.confidence * 100)}% sure)`}
                  </p>
                  {row.lists.length > 0 && <p className="text-xs text-content-muted">On {row.lists.join(', ')}</p>}
                </div>
                <LinkPicker
                  row={row}
                  linked={links[row.line] ?? null}
                  onChange={(game) => setLinks((current) => ({ ...current, [row.line]: game }))}
                />
              </li>
            ))}
          </ol>
          <div>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void apply()}>
              Import {Object.values(links).filter(Boolean).length} games
            </button>
          </div>
        </section>
      )}
      {done && (
        <div role="status" className="rounded-md bg-green-50 p-4 text-green-950 dark:bg-green-950 dark:text-green-50">
          <p>
            {done.text} <a href="/dashboard/my-games">See my games</a>.
          </p>
          {done.problems.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm" aria-label="Left out">
              {done.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function LinkPicker({
  row,
  linked,
  onChange,
}: {
  row: PreviewRow;
  linked: MatchCandidate | null;
  onChange: (game: MatchCandidate | null) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<MatchCandidate[]>([]);
  async function search(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await listsApi<{ games: MatchCandidate[] }>(
        `/api/library/games?q=${encodeURIComponent(query)}`,
        'GET',
      );
      setFound(answer.games);
      if (answer.games.length === 0)
        toast.add({ title: 'No game found', description: `Nothing in the catalogue matches "${query}".` });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }
  if (linked) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Linked to <a href={`/games/${linked.slug}`}>{linked.title}</a>
        <button type="button" className="btn btn-secondary" onClick={() => onChange(null)}>
          Skip<span className="sr-only"> {row.title}</span>
        </button>
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void search(event)} className="grid gap-1 text-sm" aria-label={`Link ${row.title}`}>
      <div className="flex gap-2">
        <label className="flex-1">
          <span className="sr-only">Search the catalogue for {row.title}</span>
          <input
            className="field w-full"
            type="search"
            value={query}
            placeholder="Search the catalogue"
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
      </div>
      {found.length > 0 && (
        <ul className="grid gap-1">
          {found.map((game) => (
            <li key={game.id}>
              <button type="button" className="btn btn-secondary w-full justify-start" onClick={() => onChange(game)}>
                Link to {game.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

export default function ImportWizard() {
  return (
    <IslandBoundary name="ImportWizard">
      <HydrationGate>
        <Wizard />
      </HydrationGate>
    </IslandBoundary>
  );
}
