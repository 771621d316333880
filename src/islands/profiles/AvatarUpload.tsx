import { useId, useState, type ChangeEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, AVATAR_IMAGE, IMAGE_MESSAGES } from '../../lib/images/images.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  avatarUrl: string | null;
  username: string;
}

/** Choose a picture: the server checks it by its content, resizes it and keeps the old one on any error. */
function Upload({ avatarUrl, username }: Props) {
  const id = useId();
  const [url, setUrl] = useState(avatarUrl);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A quick check for the obvious; the server decides by the bytes.
    if (file.size > AVATAR_IMAGE.maxBytes) {
      setError(IMAGE_MESSAGES.too_large(AVATAR_IMAGE.maxBytes));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('avatar', file);
      const response = await fetch('/api/profile/avatar', { method: 'POST', body: form, credentials: 'same-origin' });
      const body = (await response.json().catch(() => null)) as { avatarUrl?: string; error?: { message: string } } | null;
      if (!response.ok || !body?.avatarUrl) throw new Error(body?.error?.message ?? 'The avatar could not be saved. Please try again.');
      setUrl(body.avatarUrl);
      toast.success('Profile updated successfully!');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The avatar could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      {url ? (
        <img src={url} alt={`${username}'s avatar`} width={96} height={96} className="size-24 rounded-full border border-card-border object-cover" data-avatar-preview />
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
