import { useId, useState, type SubmitEvent } from 'react';
import { apiFetch } from '../../lib/auth/messages.ts';
import type { Profile } from '../../lib/auth/types.ts';
import { BIO_MAX, fieldErrors, MESSAGES, profileUpdateSchema } from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { HydrationGate } from './HydrationGate.tsx';
import { Field } from './Field.tsx';
import { reportFailure, useBusy } from './useBusy.ts';

/** /profile/edit: full name, bio and avatar URL (PATCH /api/profile). */
function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const [form, setForm] = useState({ full_name: profile.full_name ?? '', bio: profile.bio ?? '', avatar_url: profile.avatar_url ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  const preview = /^https?:\/\//i.test(form.avatar_url) && !errors.avatar_url ? form.avatar_url : '';

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = profileUpdateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await run(
      async () => {
        await trackLoading(apiFetch('/api/profile', { method: 'PATCH', body: JSON.stringify(parsed.data) }));
        toast.success(MESSAGES.profileUpdated);
      },
      reportFailure('[profile] update failed'),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Edit profile">
      <Field id={`${id}-name`} label="Full name" name="full_name" autoComplete="name" value={form.full_name} onChange={set('full_name')} error={errors.full_name} disabled={busy} />
      <Field id={`${id}-bio`} label="Bio" name="bio" multiline maxLength={BIO_MAX} value={form.bio} onChange={set('bio')} error={errors.bio} disabled={busy} hint={`${form.bio.length}/${BIO_MAX}`} />
      <div className="flex items-start gap-4">
        <div className="flex-1">
          <Field
            id={`${id}-avatar`}
            label="Avatar URL"
            name="avatar_url"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={form.avatar_url}
            onChange={set('avatar_url')}
            error={errors.avatar_url}
            disabled={busy}
            hint="A link to a square image (http:// or https://)."
          />
        </div>
        {preview && <img src={preview} alt="Avatar preview" className="mt-6 size-16 rounded-full border border-card-border object-cover" />}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving...' : 'Save profile'}
      </button>
    </form>
  );
}

export default function ProfileEditForm({ profile }: { profile: Profile }) {
  return (
    <IslandBoundary name="ProfileEdit">
      <HydrationGate>
        <ProfileForm profile={profile} />
      </HydrationGate>
    </IslandBoundary>
  );
}
