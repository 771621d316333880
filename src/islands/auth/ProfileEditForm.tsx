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

/**
 * /profile/edit and My profile: full name and bio (PATCH /api/profile sends only these; the
 * avatar is changed by the upload beside the form, so saving never puts back an old one).
 */
function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const [form, setForm] = useState({ full_name: profile.full_name ?? '', bio: profile.bio ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = profileUpdateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await run(async () => {
      await trackLoading(apiFetch('/api/profile', { method: 'PATCH', body: JSON.stringify(parsed.data) }));
      toast.success(MESSAGES.profileUpdated);
    }, reportFailure('[profile] update failed'));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Edit profile">
      <Field
        id={`${id}-name`}
        label="Full name"
        name="full_name"
        autoComplete="name"
        value={form.full_name}
        onChange={set('full_name')}
        error={errors.full_name}
        disabled={busy}
      />
      <Field
        id={`${id}-bio`}
        label="Bio"
        name="bio"
        multiline
        maxLength={BIO_MAX}
        value={form.bio}
        onChange={set('bio')}
        error={errors.bio}
        disabled={busy}
        hint={`${form.bio.length}/${BIO_MAX}`}
      />
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
