import { useStore } from '@nanostores/react';
import { useCallback, useId, useMemo, useState, type SubmitEvent } from 'react';
import { browserAttemptStore, createLoginRateLimiter } from '../../lib/auth/login-rate-limit.client.ts';
import { apiFetch, errorMessage } from '../../lib/auth/messages.ts';
import { signedInDestination } from '../../lib/auth/redirect.ts';
import {
  $authModal,
  announceSignIn,
  checkSession,
  expectSignIn,
  loadProfile,
  setAuthModalMode,
  type AuthModalMode,
} from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import {
  BIO_MAX,
  fieldErrors,
  isEmailIdentifier,
  MESSAGES,
  resetPasswordSchema,
  RESET_EMAIL_TOAST_MS,
  signInSchema,
  signUpSchema,
} from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { successOnNextPage } from '../../lib/toast/toast.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { authClient, siteOrigin } from './client.ts';
import { Field } from './Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { PasswordMeter } from './PasswordMeter.tsx';
import { usernameCheckHint } from './UsernameCheckHint.tsx';
import { useUsernameCheck } from './useUsernameCheck.ts';
import { reportFailure, useBusy } from './useBusy.ts';

/**
 * The Login, Register and Reset Password forms, shared by the auth
 * modal on every page and by the /login page. `mode` is owned by the caller (the modal's
 * store or the page), so switching tabs remounts the form: its fields, messages and
 * username validation start empty.
 */

const limiter = createLoginRateLimiter(browserAttemptStore());

export interface AuthFormsProps {
  config: PublicAuthConfig;
  mode: AuthModalMode;
  onModeChange: (mode: AuthModalMode) => void;
  /** Where to go after signing in; omitted in the modal (stay on the page). */
  redirectTo?: string | undefined;
  /** Register form: a prefilled email (an author invitation), and where the confirmation link leads. */
  initialEmail?: string | undefined;
  confirmNext?: string | undefined;
  /** The host already titles the Reset Password view (the modal's own heading): no second heading. */
  titledByHost?: boolean | undefined;
}

function LoginForm(props: AuthFormsProps) {
  const id = useId();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = signInSchema.safeParse({ identifier, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (!limiter.tryAttempt()) {
      toast.error(MESSAGES.tooManyAttempts);
      return;
    }
    await run(
      async () => {
        const client = authClient(props.config);
        if (isEmailIdentifier(parsed.data.identifier)) {
          expectSignIn();
          const { error } = await trackLoading(
            client.auth.signInWithPassword({ email: parsed.data.identifier, password }),
          );
          if (error) throw error;
        } else {
          // By username: the server finds the account, so its email never reaches this page first.
          await trackLoading(apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify(parsed.data) }));
          await checkSession();
          announceSignIn();
        }
        limiter.reset();
        const me = await loadProfile();
        const next = signedInDestination(
          props.redirectTo,
          Boolean(me?.profile?.username),
          window.location.origin,
          null,
        );
        if (next) window.location.assign(next);
      },
      reportFailure('[auth] sign-in failed', MESSAGES.failedToSignIn),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Login">
      <Field
        id={`${id}-identifier`}
        label="Email or username"
        name="identifier"
        autoComplete="username"
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
        error={errors.identifier}
        disabled={busy}
      />
      <Field
        id={`${id}-password`}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        disabled={busy}
      />
      <div className="flex justify-end">
        <button type="button" className="link text-sm" onClick={() => props.onModeChange('forgot-password')}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </button>
      <GoogleButton config={props.config} redirectTo={props.redirectTo} />
    </form>
  );
}

function RegisterForm(props: AuthFormsProps) {
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

export function ForgotPasswordForm(props: { config: PublicAuthConfig; onBack?: (() => void) | undefined }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useBusy();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = resetPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    await run(
      async () => {
        const { error: resetError } = await trackLoading(
          authClient(props.config).auth.resetPasswordForEmail(parsed.data.email, {
            redirectTo: `${siteOrigin()}/reset-password`,
          }),
        );
        if (resetError) throw resetError;
        toast.success(MESSAGES.resetEmailTitle, MESSAGES.resetEmailText, { timeout: RESET_EMAIL_TOAST_MS });
        setEmail('');
        props.onBack?.();
      },
      reportFailure('[auth] reset email failed', MESSAGES.failedToSendResetEmail),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset password">
      <p className="text-sm text-content-muted">
        Enter your account's email address and we'll send you a link to choose a new password.
      </p>
      <Field
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        disabled={busy}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </button>
      {props.onBack && (
        <button type="button" className="link block w-full text-center text-sm" onClick={props.onBack}>
          Back to login
        </button>
      )}
    </form>
  );
}

/** Tabs (Login, Register) and the Reset Password view. */
export function AuthForms(props: AuthFormsProps) {
  const tabsId = useId();
  const { mode, onModeChange } = props;
  const tabs = useMemo(
    () =>
      [
        { mode: 'login', label: 'Login' },
        { mode: 'register', label: 'Register' },
      ] as const,
    [],
  );
  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      event.preventDefault();
      onModeChange(mode === 'login' ? 'register' : 'login');
      requestAnimationFrame(() =>
        document.getElementById(`${tabsId}-${mode === 'login' ? 'register' : 'login'}`)?.focus(),
      );
    },
    [mode, onModeChange, tabsId],
  );

  if (mode === 'forgot-password') {
    return (
      <div>
        {!props.titledByHost && <h2 className="mb-4 text-xl font-bold">Reset Password</h2>}
        <ForgotPasswordForm config={props.config} onBack={() => onModeChange('login')} />
      </div>
    );
  }
  return (
    <div>
      <div
        role="tablist"
        aria-label="Sign in or register"
        className="mb-5 grid grid-cols-2 gap-1 rounded-lg bg-badge p-1"
      >
        {tabs.map((tab) => (
          <button
            key={tab.mode}
            id={`${tabsId}-${tab.mode}`}
            type="button"
            role="tab"
            aria-selected={mode === tab.mode}
            aria-controls={`${tabsId}-panel`}
            tabIndex={mode === tab.mode ? 0 : -1}
            onClick={() => onModeChange(tab.mode)}
            onKeyDown={onKeyDown}
            className="rounded-md px-3 py-2 text-sm font-semibold text-content-muted aria-selected:bg-surface aria-selected:text-content aria-selected:shadow-sm"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${mode}`}>
        {mode === 'login' ? <LoginForm key="login" {...props} /> : <RegisterForm key="register" {...props} />}
      </div>
    </div>
  );
}

/** The forms driven by the modal store (the modal on every page). */
export function StoreAuthForms({ config }: { config: PublicAuthConfig }) {
  const modal = useStore($authModal);
  return <AuthForms config={config} mode={modal.mode} onModeChange={setAuthModalMode} titledByHost />;
}
