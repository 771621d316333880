import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { apiFetch, errorMessage } from '../../lib/auth/messages.ts';
import { logout } from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { emailSchema } from '../../lib/auth/validation.ts';
import { trackLoading } from '../../lib/loading/loading-bar.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { HydrationGate } from './HydrationGate.tsx';
import { authClient, siteOrigin } from './client.ts';
import { Field } from './Field.tsx';
import { NewPasswordForm } from './UpdatePasswordForm.tsx';
import { reportFailure, useBusy } from './useBusy.ts';

function Section({
  title,
  description,
  children,
  danger,
}: {
  title: string;
  description: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`card p-6 ${danger ? 'border-red-300 dark:border-red-900' : ''}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-content-muted">{description}</p>
      {children}
    </section>
  );
}

function ChangeEmail({
  config,
  email,
  pendingEmail,
}: {
  config: PublicAuthConfig;
  email: string | null;
  pendingEmail: string | null;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(pendingEmail);
  const { busy, run } = useBusy();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data.toLowerCase() === email?.toLowerCase()) {
      setError('This is already your email address.');
      return;
    }
    setError(undefined);
    await run(async () => {
      const { error: updateError } = await trackLoading(
        authClient(config).auth.updateUser(
          { email: parsed.data },
          { emailRedirectTo: `${siteOrigin()}/auth/callback?next=/settings` },
        ),
      );
      if (updateError) throw updateError;
      setPending(parsed.data);
      setValue('');
      toast.success(
        'Check your email',
        `We've sent a confirmation link to ${parsed.data} and one to ${email ?? 'your current address'}.`,
        { timeout: 6000 },
      );
    }, reportFailure('[settings] email change failed'));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change email">
      <p className="text-sm">
        Current email: <span className="font-semibold">{email ?? 'none'}</span>
      </p>
      {pending && (
        <p className="rounded-md bg-badge p-3 text-sm" role="status">
          Waiting for confirmation of <span className="font-semibold">{pending}</span>: open the links we sent there and
          to your current address.
        </p>
      )}
      <Field
        id={`${id}-email`}
        label="New email"
        name="email"
        type="email"
        autoComplete="email"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        disabled={busy}
      />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Sending...' : 'Change email'}
      </button>
    </form>
  );
}

function SignOutEverywhere({ config }: { config: PublicAuthConfig }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { error } = await trackLoading(authClient(config).auth.signOut({ scope: 'global' }));
      if (error) throw error;
      await logout();
    } catch (error) {
      console.error('[settings] sign out everywhere failed', error);
      toast.error(errorMessage(error));
      setBusy(false);
    }
  };
  if (!confirming) {
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
        Sign out everywhere
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Confirm signing out everywhere">
      <p className="text-sm">Sign out on every device, this one included?</p>
      <button type="button" className="btn btn-primary" onClick={run} disabled={busy} aria-busy={busy}>
        {busy ? 'Signing out...' : 'Yes, sign out everywhere'}
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}

function DeleteAccount() {
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (value !== 'DELETE' || busy) return;
    setBusy(true);
    try {
      await trackLoading(apiFetch('/api/account', { method: 'DELETE', body: JSON.stringify({ confirm: 'DELETE' }) }));
      toast.success('Account deleted', 'Your account and profile have been removed.');
      await logout();
    } catch (error) {
      console.error('[settings] delete account failed', error);
      toast.error(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Delete account">
      <Field
        id={`${id}-confirm`}
        label='Type "DELETE" to confirm'
        name="confirm"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={busy}
      />
      <button
        type="submit"
        className="btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-gray-950"
        disabled={busy || value !== 'DELETE'}
        aria-busy={busy}
      >
        {busy ? 'Deleting...' : 'Delete my account'}
      </button>
    </form>
  );
}

interface Props {
  config: PublicAuthConfig;
  email: string | null;
  pendingEmail: string | null;
  hasPassword: boolean;
}

/** /settings: change password, change email with confirmation, sign out everywhere, delete account. */
export default function SettingsPanel({ config, email, pendingEmail, hasPassword }: Props) {
  return (
    <IslandBoundary name="Settings">
      <HydrationGate>
        <div className="space-y-6">
          <Section
            title="Change password"
            description={
              hasPassword
                ? 'Choose a new password of at least 8 characters.'
                : 'You sign in with Google; a password lets you sign in with your email too.'
            }
          >
            <NewPasswordForm config={config} submitLabel="Change password" />
          </Section>
          <Section
            title="Change email"
            description="We send a confirmation link to the new address; the change happens when you open it."
          >
            <ChangeEmail config={config} email={email} pendingEmail={pendingEmail} />
          </Section>
          <Section
            title="Sign out everywhere"
            description="Ends your sessions on every device and browser, including this one."
          >
            <SignOutEverywhere config={config} />
          </Section>
          <Section
            title="Delete account"
            description="Deletes your account and your profile for good. This cannot be undone."
            danger
          >
            <DeleteAccount />
          </Section>
        </div>
      </HydrationGate>
    </IslandBoundary>
  );
}
