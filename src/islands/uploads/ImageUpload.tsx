import { useId, useState, type ChangeEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, IMAGE_MESSAGES } from '../../lib/images/images.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  /** The API that checks, resizes and stores the file (POST, multipart field `field`). */
  endpoint: string;
  field: string;
  /** The key of the stored URL in the answer (coverUrl, logoUrl). */
  resultKey: string;
  currentUrl: string | null;
  /** Alt text of the picture, e.g. "Cover art for Portal 2". */
  alt: string;
  label: string;
  hint: string;
  maxBytes: number;
  /** How the preview is drawn: a 3:4 cover or a whole logo. */
  shape: 'cover' | 'logo';
  savedMessage: string;
}

/** Choose a picture: the server checks it by its content, resizes it and keeps the old one on any error. */
function Upload(props: Props) {
  const id = useId();
  const [url, setUrl] = useState(props.currentUrl);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A quick check for the obvious; the server decides by the bytes.
    if (file.size > props.maxBytes) {
      setError(IMAGE_MESSAGES.too_large(props.maxBytes));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append(props.field, file);
      const response = await fetch(props.endpoint, { method: 'POST', body: form, credentials: 'same-origin' });
      const body = (await response.json().catch(() => null)) as (Record<string, unknown> & { error?: { message: string } }) | null;
      const stored = body?.[props.resultKey];
      if (!response.ok || typeof stored !== 'string') throw new Error(body?.error?.message ?? 'The picture could not be saved. Please try again.');
      setUrl(stored);
      toast.success(props.savedMessage);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The picture could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const preview = props.shape === 'cover' ? 'aspect-[3/4] w-24 rounded-md object-cover' : 'size-20 rounded-md object-contain bg-white';
  return (
    <div className="flex flex-wrap items-center gap-4">
      {url ? (
        <img src={url} alt={props.alt} className={`border border-card-border ${preview}`} data-upload-preview />
      ) : (
        <span className={`grid place-items-center border border-dashed border-card-border text-xs text-content-muted ${preview}`}>None yet</span>
      )}
      <div>
        <label htmlFor={`${id}-file`} className="btn btn-secondary cursor-pointer">
          {busy ? 'Uploading…' : props.label}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="sr-only"
          onChange={choose}
          disabled={busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-content-muted">
          {props.hint}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

export default function ImageUpload(props: Props) {
  return (
    <IslandBoundary name="ImageUpload">
      <Upload {...props} />
    </IslandBoundary>
  );
}
