import { useEffect, useRef, useState } from 'react';
import { isNetworkError } from '../../lib/auth/messages.ts';
import { signedInDestination } from '../../lib/auth/redirect.ts';
import { expectSignIn, loadProfile } from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { MESSAGES } from '../../lib/auth/validation.ts';
import { toast } from '../../lib/toast/toast.ts';
import { authClient } from './client.ts';

/**
 * "Continue with Google" through Google Identity Services: the script comes from Google
 * (only when PUBLIC_GOOGLE_CLIENT_ID is set), its ID token goes to signInWithIdToken with a
 * nonce: Google gets the SHA-256 of it, the auth service the raw value, and checks they match.
 */

interface GoogleCredentialResponse {
  credential: string;
}

interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    nonce?: string;
    use_fedcm_for_prompt?: boolean;
    ux_mode?: 'popup' | 'redirect';
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleAccountsId> | undefined;

function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google?.accounts?.id
        ? resolve(window.google.accounts.id)
        : reject(new Error('Google Identity Services did not load'));
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) => ({ '+': '-', '/': '_', '=': '' })[c] ?? '');
}

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function GoogleButton({
  config,
  redirectTo,
  onSignedIn,
}: {
  config: PublicAuthConfig;
  /** Where to go after signing in (a same-site path; /dashboard otherwise). */
  redirectTo?: string | undefined;
  onSignedIn?: (path: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    if (!config.googleClientId) return;
    let cancelled = false;
    void (async () => {
      try {
        const google = await loadGoogleIdentity();
        const nonce = randomNonce();
        const hashed = await sha256Hex(nonce);
        if (cancelled || !container.current) return;
        const signIn = async (credential: string) => {
          try {
            expectSignIn();
            const { error } = await authClient(config).auth.signInWithIdToken({
              provider: 'google',
              token: credential,
              nonce,
            });
            if (error) throw error;
            const me = await loadProfile();
            const path =
              signedInDestination(redirectTo, Boolean(me?.profile?.username), window.location.origin, null) ??
              '/dashboard';
            (onSignedIn ?? ((to: string) => window.location.assign(to)))(path);
          } catch (error) {
            console.error('[auth] Google sign-in failed', error);
            toast.error(isNetworkError(error) ? MESSAGES.networkError : MESSAGES.failedToSignInWithGoogle);
          }
        };
        google.initialize({
          client_id: config.googleClientId,
          nonce: hashed,
          use_fedcm_for_prompt: true,
          ux_mode: 'popup',
          callback: ({ credential }) => void signIn(credential),
        });
        const dark = document.documentElement.classList.contains('dark');
        google.renderButton(container.current, {
          type: 'standard',
          theme: dark ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          width: 300,
        });
      } catch (error) {
        console.error('[auth] Google sign-in unavailable', error);
        if (!cancelled) setUnavailable(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [config, redirectTo, onSignedIn]);

  if (!config.googleClientId) return null;
  return (
    <div className="mt-4">
      <div className="flex items-center gap-3 text-xs text-content-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-card-border" />
        or
        <span className="h-px flex-1 bg-card-border" />
      </div>
      <div ref={container} className="mt-3 flex min-h-11 justify-center" data-google-button />
      {unavailable && (
        <p className="mt-2 text-center text-sm text-content-muted">Google sign-in is unavailable right now.</p>
      )}
    </div>
  );
}
