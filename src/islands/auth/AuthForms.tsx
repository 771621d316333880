import { useStore } from '@nanostores/react';
import { useCallback, useId, useMemo, useState, type SubmitEvent } from 'react';
import { browserAttemptStore, createLoginRateLimiter } from '../../lib/auth/login-rate-limit.client.ts';
import { apiFetch } from '../../lib/auth/messages.ts';
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
import { fieldErrors, isEmailIdentifier, MESSAGES, signInSchema } from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { toast } from '../../lib/toast/toast.ts';
import { authClient } from './client.ts';
import { Field } from './Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { reportFailure, useBusy } from './useBusy.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

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
