import { useId } from 'react';
import { ACCEPTED_IMAGE_TYPES, AVATAR_IMAGE } from '../../lib/images/images.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { useImageUpload } from '../uploads/use-image-upload.ts';

interface Props {
  avatarUrl: string | null;
  username: string;
}

const AVATAR_TARGET = {
  endpoint: '/api/profile/avatar',
  field: 'avatar',
  resultKey: 'avatarUrl',
  maxBytes: AVATAR_IMAGE.maxBytes,
  savedMessage: 'Profile updated successfully!',
};

/** Choose a picture: the server checks it by its content, resizes it and keeps the old one on any error. */
function Upload({ avatarUrl, username }: Props) {
  const id = useId();
  const { url, error, busy, choose } = useImageUpload(AVATAR_TARGET, avatarUrl);

  return (
    <div className="flex flex-wrap items-center gap-4">
      {url ? (
        <img
          src={url}
          alt={`${username}'s avatar`}
          width={96}
          height={96}
          className="size-24 rounded-full border border-card-border object-cover"
          data-avatar-preview
        />
      ) : (
        <span className="grid size-24 place-items-center rounded-full bg-badge text-3xl font-bold" aria-hidden="true">
          {username.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <label htmlFor={`${id}-file`} className="btn btn-secondary cursor-pointer">
          {busy ? 'Uploading…' : url ? 'Change avatar' : 'Upload avatar'}
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
          JPEG, PNG or WebP, at most 5 MB. It is cropped to a square.
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

export default function AvatarUpload(props: Props) {
  return (
    <IslandBoundary name="AvatarUpload">
      <Upload {...props} />
    </IslandBoundary>
  );
}
