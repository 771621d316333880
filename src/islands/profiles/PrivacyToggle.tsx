import { useState } from 'react';
import { apiFetch } from '../../lib/auth/messages.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

/** "Private profile": others then see only the name and avatar. */
function Toggle({ isPrivate }: { isPrivate: boolean }) {
  const [value, setValue] = useState(isPrivate);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    setValue(next);
    try {
      await apiFetch('/api/profile/privacy', { method: 'PUT', body: JSON.stringify({ isPrivate: next }) });
      toast.success(next ? 'Your profile is now private.' : 'Your profile is now public.');
    } catch (e) {
      setValue(!next);
      toast.error(e instanceof Error ? e.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="inline-flex items-start gap-2">
      <input
        type="checkbox"
        checked={value}
        disabled={busy}
        onChange={(e) => change(e.target.checked)}
        className="mt-1"
      />
      <span>
        <span className="font-medium">Private profile</span>
        <span className="block text-sm text-content-muted">
          Only your name and avatar are shown to others. Your reviews stay on game pages.{' '}
          <a href="/faq#private-profiles" className="link">
            What it hides
          </a>
        </span>
      </span>
    </label>
  );
}

export default function PrivacyToggle(props: { isPrivate: boolean }) {
  return (
    <IslandBoundary name="PrivacyToggle">
      <Toggle {...props} />
    </IslandBoundary>
  );
}
