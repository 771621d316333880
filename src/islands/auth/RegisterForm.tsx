import { useId, useState, type SubmitEvent } from 'react';
import { errorMessage } from '../../lib/auth/messages.ts';
import { announceSignIn } from '../../lib/auth/store.client.ts';
import { BIO_MAX, fieldErrors, MESSAGES, signUpSchema } from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { successOnNextPage } from '../../lib/toast/toast.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { authClient, siteOrigin } from './client.ts';
import { Field } from './Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { PasswordMeter } from './PasswordMeter.tsx';
import { usernameCheckHint } from './UsernameCheckHint.tsx';
import { useUsernameCheck } from './useUsernameCheck.ts';
import { useBusy } from './useBusy.ts';
import type { AuthFormsProps } from './AuthForms.tsx';

/** The Register form of the auth modal and the /login page (AuthForms picks it by mode). */
export function RegisterForm(props: AuthFormsProps) {
  const id = useId();
  const [form, setForm] = useState({
    email: props.initialEmail ?? '',
    username: '',
    fullName: '',
    bio: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();
  const [usernameCheck, resetUsernameCheck] = useUsernameCheck(form.username);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });

  const allFilled = form.email && form.username && form.fullName && form.password && form.confirmPassword;
  const usernameBlocked = usernameCheck.status === 'taken' || usernameCheck.status === 'invalid';

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = signUpSchema.safeParse(form);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!found.username && usernameBlocked) found.username = usernameCheck.message;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    await run(
      async () => {
        const data = parsed.data!;
        const { data: result, error } = await trackLoading(
          authClient(props.config).auth.signUp({
            email: data.email,
            password: data.password,
            options: {
              emailRedirectTo: `${siteOrigin()}/auth/callback${props.confirmNext ? `?next=${encodeURIComponent(props.confirmNext)}` : ''}`,
              data: { username: data.username, full_name: data.fullName, bio: data.bio },
            },
          }),
        );
        if (error) {
          // The profile is created with the user: a username taken meanwhile fails the whole sign-up.
          const check = await fetch(`/api/auth/check-username?username=${encodeURIComponent(data.username)}`)
            .then((r) => r.json() as Promise<{ available: boolean; message: string }>)
            .catch(() => null);
          if (check && !check.available && check.message === MESSAGES.usernameTaken) {
            setErrors({ username: MESSAGES.usernameTakenLong });
            toast.error(MESSAGES.usernameTakenLong);
            return;
          }
          throw error;
        }
        if (!result.user) throw new Error(MESSAGES.noUserIdFromSignup);
        if (result.session) {
          announceSignIn();
          window.location.assign(props.confirmNext ?? '/dashboard');
          return;
        }
        // Shown on the success page: a toast raised here would go with this page.
        successOnNextPage(MESSAGES.checkEmailForConfirmation);
        window.location.assign('/auth/signup-success');
      },
      (error) => {
        console.error('[auth] sign-up failed', error);
        toast.error(
          error instanceof Error && error.message === MESSAGES.noUserIdFromSignup
            ? error.message
            : errorMessage(error, MESSAGES.failedToSignUp),
        );
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Register">
      <Field
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
        disabled={busy}
      />
      <Field
        id={`${id}-username`}
        label="Username"
        name="username"
        autoComplete="username"
        value={form.username}
        onChange={(e) => {
          set('username')(e);
          if (!e.target.value) resetUsernameCheck();
        }}
        error={errors.username}
        disabled={busy}
        hint={usernameCheckHint(usernameCheck, errors.username)}
      />
      <Field
        id={`${id}-full-name`}
        label="Full name"
        name="fullName"
        autoComplete="name"
        value={form.fullName}
        onChange={set('fullName')}
        error={errors.fullName}
        disabled={busy}
      />
      <Field
        id={`${id}-bio`}
        label="Bio (optional)"
        name="bio"
        multiline
        maxLength={BIO_MAX}
        value={form.bio}
        onChange={set('bio')}
        error={errors.bio}
        disabled={busy}
        hint={`${form.bio.length}/${BIO_MAX}`}
      />
      <div>
        <Field
          id={`${id}-password`}
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          disabled={busy}
        />
        <PasswordMeter password={form.password} />
      </div>
      <Field
        id={`${id}-confirm`}
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        disabled={busy}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy || !allFilled} aria-busy={busy}>
        {busy ? 'Creating account...' : 'Create account'}
      </button>
      <GoogleButton config={props.config} redirectTo={props.redirectTo} />
    </form>
  );
}
