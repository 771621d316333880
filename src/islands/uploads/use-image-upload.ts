import { useState, type ChangeEvent } from 'react';
import { IMAGE_MESSAGES } from '../../lib/images/images.ts';
import { toast } from '../../lib/toast/toast.ts';

export interface ImageUploadTarget {
  /** The API that checks, resizes and stores the file (POST, multipart field `field`). */
  endpoint: string;
  field: string;
  /** The key of the stored URL in the answer (avatarUrl, coverUrl, logoUrl). */
  resultKey: string;
  maxBytes: number;
  savedMessage: string;
}

const FAILED = 'The picture could not be saved. Please try again.';

/**
 * The state of one picture upload: the stored URL, the error to show and whether a file is
 * on its way. The server decides by the bytes and keeps the old picture on any error; the
 * size check here only spares an upload that would be refused anyway.
 */
export function useImageUpload(target: ImageUploadTarget, initialUrl: string | null) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Sends the request, shows the stored picture or the server's message. */
  const send = async (init: RequestInit) => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(target.endpoint, { method: 'POST', credentials: 'same-origin', ...init });
      const body = (await response.json().catch(() => null)) as
        (Record<string, unknown> & { error?: { message: string } }) | null;
      const stored = body?.[target.resultKey];
      if (!response.ok || typeof stored !== 'string') throw new Error(body?.error?.message ?? FAILED);
      setUrl(stored);
      toast.success(target.savedMessage);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : FAILED);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > target.maxBytes) {
      setError(IMAGE_MESSAGES.too_large(target.maxBytes));
      return;
    }
    const form = new FormData();
    form.append(target.field, file);
    await send({ body: form });
  };

  /** Has the server fetch the picture from an address (JSON `{ url }` to the same endpoint). */
  const importFrom = (address: string) =>
    send({ body: JSON.stringify({ url: address }), headers: { 'content-type': 'application/json' } });

  return { url, error, busy, choose, importFrom };
}
