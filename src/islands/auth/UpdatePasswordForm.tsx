import { useId, useState, type SubmitEvent } from 'react';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { fieldErrors, updatePasswordSchema } from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { successOnNextPage } from '../../lib/toast/toast.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { HydrationGate } from './HydrationGate.tsx';
import { authClient } from './client.ts';
import { Field } from './Field.tsx';
import { PasswordMeter } from './PasswordMeter.tsx';
import { reportFailure, useBusy } from './useBusy.ts';

/** Sets a new password for the signed-in user (after a recovery link, or from settings). */
export function NewPasswordForm({
  config,
  next,
  submitLabel = 'Update password',
}: {
  config: PublicAuthConfig;
  next?: string | undefined;
  submitLabel?: string;
}) {
  const id = useId();
  const [form, setForm] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = updatePasswordSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await run(async () => {
      const { error } = await trackLoading(authClient(config).auth.updateUser({ password: parsed.data.newPassword }));
      if (error) throw error;
      setForm({ newPassword: '', confirmPassword: '' });
      if (next) {
        successOnNextPage('Password updated', 'Your new password is set.');
        window.location.assign(next);
      } else {
        toast.success('Password updated', 'Your new password is set.');
      }
    }, reportFailure('[auth] password update failed'));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Password change">
      <div>
        <Field
          id={`${id}-new`}
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => setForm({ ...form, newPassword: e.target.value })}
          error={errors.newPassword}
          disabled={busy}
        />
        <PasswordMeter password={form.newPassword} />
      </div>
      <Field
        id={`${id}-confirm`}
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={(e) => setForm({ ...form, confirmPassword: e.target.value })}
        error={errors.confirmPassword}
        disabled={busy}
      />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving...' : submitLabel}
      </button>
    </form>
  );
}

export default function UpdatePasswordForm(props: { config: PublicAuthConfig; next?: string }) {
  return (
    <IslandBoundary name="UpdatePassword">
      <HydrationGate>
        <NewPasswordForm {...props} />
      </HydrationGate>
    </IslandBoundary>
  );
}
