import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, apiFetch, errorMessage } from '../../lib/auth/messages.ts';
import { fullNameSchema, MESSAGES, usernameError } from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { successOnNextPage } from '../../lib/toast/toast.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { HydrationGate } from './HydrationGate.tsx';
import { Field } from './Field.tsx';
import { usernameCheckHint } from './UsernameCheckHint.tsx';
import { useUsernameCheck } from './useUsernameCheck.ts';
import { useBusy } from './useBusy.ts';

interface Props {
  user: { id: string; email: string | null };
  fullName: string;
  /** Where to go once the profile exists. */
  next?: string;
}

/**
 * /confirm and /auth/complete-profile: a user without a username (after Google sign-in)
 * picks one, with the sign-up rules and the availability check; POST /api/auth/create-profile.
 */
function ConfirmUsernameForm({ user, fullName: initialName, next = '/dashboard' }: Props) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState(initialName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();
  const [check] = useUsernameCheck(username);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    const invalid =
      usernameError(username) ?? (check.status === 'taken' || check.status === 'invalid' ? check.message : null);
    if (invalid) found.username = invalid;
    const name = fullNameSchema.safeParse(fullName);
    if (!name.success) found.fullName = name.error.issues[0]!.message;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    await run(
      async () => {
        await trackLoading(
          apiFetch('/api/auth/create-profile', {
            method: 'POST',
            body: JSON.stringify({
              user: { id: user.id, email: user.email },
              profile: { username: username.trim(), full_name: name.data, email: user.email },
            }),
          }),
        );
        successOnNextPage(MESSAGES.profileCreated);
        window.location.assign(next);
      },
      (error) => {
        if (error instanceof ApiError && (error.status === 409 || /username/i.test(error.message))) {
          setErrors({
            username:
              error.status === 409 && error.code === 'username_taken' ? MESSAGES.usernameTakenLong : error.message,
          });
          toast.error(error.code === 'username_taken' ? MESSAGES.usernameTakenLong : error.message);
        } else {
          console.error('[auth] create profile failed', error);
          toast.error(errorMessage(error, MESSAGES.failedToCreateProfile));
        }
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Choose a username">
      <Field
        id={`${id}-username`}
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        disabled={busy}
        hint={usernameCheckHint(check, errors.username, '3 to 20 letters, numbers, underscores or hyphens.')}
      />
      <Field
        id={`${id}-name`}
        label="Full name"
        name="fullName"
        autoComplete="name"
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        error={errors.fullName}
        disabled={busy}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy || !username} aria-busy={busy}>
        {busy ? 'Saving...' : 'Continue'}
      </button>
    </form>
  );
}

export default function ConfirmUsername(props: Props) {
  return (
    <IslandBoundary name="ConfirmUsername">
      <HydrationGate>
        <ConfirmUsernameForm {...props} />
      </HydrationGate>
    </IslandBoundary>
  );
}
