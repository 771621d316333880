import { useId, useState, type SubmitEvent } from 'react';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { MESSAGES, resetPasswordSchema, RESET_EMAIL_TOAST_MS } from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { toast } from '../../lib/toast/toast.ts';
import { authClient, siteOrigin } from './client.ts';
import { Field } from './Field.tsx';
import { reportFailure, useBusy } from './useBusy.ts';

/** The Reset Password form: asks for the address to send a reset link to. */
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
