import { useId } from 'react';
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
}

/** Choose a picture: the server checks it by its content, resizes it and keeps the old one on any error. */
function Upload(props: Props) {
  const id = useId();
  const { url, error, busy, choose } = useImageUpload(props, props.currentUrl);

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
