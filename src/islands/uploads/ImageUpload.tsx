import { useId, useState, type KeyboardEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../lib/images/images.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { useImageUpload, type ImageUploadTarget } from './use-image-upload.ts';

interface Props extends ImageUploadTarget {
  currentUrl: string | null;
  /** Alt text of the picture, e.g. "Cover art for Portal 2". */
  alt: string;
  label: string;
  hint: string;
  /** How the preview is drawn: a 3:4 cover or a whole logo. */
  shape: 'cover' | 'logo';
  /** Also offer an image address for the server to fetch (the endpoint takes JSON `{ url }`). */
  urlLabel?: string;
}

/** Choose a picture: the server checks it by its content, resizes it and keeps the old one on any error. */
function Upload(props: Props) {
  const id = useId();
  const { url, error, busy, choose, importFrom } = useImageUpload(props, props.currentUrl);
  const [address, setAddress] = useState('');
  const fetchAddress = async () => {
    if (address.trim() && (await importFrom(address.trim()))) setAddress('');
  };
  // Enter fetches the image instead of submitting the form around the field.
  const onAddressKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void fetchAddress();
  };

  const frame = props.shape === 'cover' ? 'aspect-[3/4] w-24 rounded-md' : 'size-20 rounded-md';
  // A logo sits on white, as on most outlets' own pages; the empty frame keeps the page's colours, so its text stays readable in dark mode.
  const fit = props.shape === 'cover' ? 'object-cover' : 'object-contain bg-white';
  return (
    <div className="flex flex-wrap items-center gap-4">
      {url ? (
        <img src={url} alt={props.alt} className={`border border-card-border ${frame} ${fit}`} data-upload-preview />
      ) : (
        <span
          className={`grid place-items-center border border-dashed border-card-border text-xs text-content-muted ${frame}`}
        >
          None yet
        </span>
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
        {props.urlLabel && (
          <div className="mt-3">
            <label htmlFor={`${id}-url`} className="text-sm font-medium">
              {props.urlLabel}
            </label>
            <div className="mt-1 flex flex-wrap gap-2">
              <input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                maxLength={2048}
                placeholder="https://"
                className="field min-w-0 flex-1"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                onKeyDown={onAddressKey}
                disabled={busy}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <button type="button" className="btn btn-secondary" onClick={() => void fetchAddress()} disabled={busy}>
                {busy ? 'Fetching…' : 'Fetch image'}
              </button>
            </div>
          </div>
        )}
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
