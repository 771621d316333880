import { useId, useState, type FormEvent } from 'react';
import { IslandBoundary } from '../IslandBoundary.tsx';

/** One line of the preview, as the import APIs answer it. */
interface PreviewRow {
  line: number;
  title: string;
  status: 'new' | 'exists' | 'error';
  message: string | null;
  slug: string | null;
}

interface Props {
  /** POST { csv, confirm } answering { preview } or, confirmed, { imported, skipped }. */
  endpoint: string;
  /** What a row becomes, plural: "games", "reviews". */
  noun: string;
  /** Where a row's slug leads (e.g. "/games/"), for rows that are already there. */
  linkPrefix: string;
  maxBytes: number;
}

const STATUS_LABELS: Record<PreviewRow['status'], string> = { new: 'New', exists: 'Already there', error: 'Error' };

/**
 * Choose a CSV file, read every line's outcome in a preview (nothing is written), then
 * import. The server checks everything again and writes all or nothing.
 */
function Importer({ endpoint, noun, linkPrefix, maxBytes }: Props) {
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function call(text: string, confirm: boolean): Promise<Record<string, unknown> | null> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ csv: text, confirm }),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { message?: string };
      preview?: { rows: PreviewRow[] };
    };
    if (body.preview) setRows(body.preview.rows);
    if (!response.ok) {
      setError(body.error?.message ?? 'Something went wrong. Please try again.');
      return null;
    }
    return body;
  }

  async function preview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    setError(null);
    setDone(null);
    setRows(null);
    if (!(file instanceof File) || file.size === 0) return setError('Choose a CSV file.');
    if (file.size > maxBytes) return setError('The file is too large: at most 2 MB.');
    setBusy(true);
    try {
      const text = await file.text();
      setCsv(text);
      await call(text, false);
    } catch {
      setError('The site could not be reached. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!csv) return;
    setBusy(true);
    setError(null);
    try {
      const body = await call(csv, true);
      if (body) {
        const imported = Array.isArray(body.imported) ? body.imported.length : 0;
        setDone(
          `Imported ${imported} ${imported === 1 ? noun.replace(/s$/, '') : noun}${typeof body.skipped === 'number' && body.skipped > 0 ? `; ${body.skipped} already there were skipped` : ''}.`,
        );
        setRows(null);
        setCsv(null);
      }
    } catch {
      setError('The site could not be reached. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  const errors = rows?.filter((row) => row.status === 'error').length ?? 0;
  const fresh = rows?.filter((row) => row.status === 'new').length ?? 0;
  return (
    <div className="grid gap-3">
      <form onSubmit={preview} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            CSV file
          </label>
          <input id={`${id}-file`} name="file" type="file" accept=".csv,text/csv" className="field mt-1" />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy && !rows ? 'Reading…' : 'Preview'}
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
          {done}
        </p>
      )}
      {rows && (
        <>
          <p role="status" className="text-sm">
            {fresh} new line{fresh === 1 ? '' : 's'}, {rows.length - fresh - errors} already there, {errors} with
            errors.{' '}
            {errors > 0
              ? 'Fix the lines with errors in the file and preview it again: nothing is imported while any line has an error.'
              : 'Nothing is written until you import.'}
          </p>
          {/* A long preview scrolls in its box: a labelled region that takes focus, so keys scroll it too. */}
          <div
            role="region"
            aria-label="Import preview"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-md border border-card-border"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Preview of the import, one row per line of the file</caption>
              <thead className="border-b border-card-border text-content-muted">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Line
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Title
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Outcome
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line} className="border-b border-card-border" data-import-status={row.status}>
                    <td className="px-2 py-1 font-mono text-xs">{row.line}</td>
                    <td className="px-2 py-1">{row.title || '–'}</td>
                    <td
                      className={`px-2 py-1 ${row.status === 'error' ? 'font-medium text-red-700 dark:text-red-300' : ''}`}
                    >
                      {STATUS_LABELS[row.status]}
                      {row.message && `: ${row.message}`}
                      {row.status === 'exists' && row.slug && (
                        <>
                          {' '}
                          <a className="link" href={`${linkPrefix}${row.slug}`}>
                            open<span className="sr-only"> {row.title}</span>
                          </a>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <button
              type="button"
              className="btn btn-primary"
              onClick={confirm}
              disabled={busy || errors > 0 || fresh === 0}
            >
              {busy ? 'Importing…' : `Import the new ${noun}`}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export default function CsvImport(props: Props) {
  return (
    <IslandBoundary name="CsvImport">
      <Importer {...props} />
    </IslandBoundary>
  );
}
