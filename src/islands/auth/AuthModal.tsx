import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { $authModal, closeAuthModal } from '../../lib/auth/store.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';
import { StoreAuthForms } from './AuthForms.tsx';

const TITLES = { login: 'Sign in', register: 'Create an account', 'forgot-password': 'Reset your password' } as const;

/**
 * The authentication modal on every page: opened by the header's "Sign in",
 * by ?auth=signin, or by any island through openAuthModal(). The backdrop, the close button
 * and Escape close it; closing unmounts the forms, so the next opening starts empty.
 */
export function AuthModal({ config }: { config: PublicAuthConfig }) {
  const modal = useStore($authModal);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    if (!modal.open) return;
    opener.current = document.activeElement;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    requestAnimationFrame(() =>
      dialog.current?.querySelector<HTMLElement>('input, [role="tab"][aria-selected="true"]')?.focus(),
    );
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key === 'Tab' && dialog.current) {
        const focusable = [
          ...dialog.current.querySelectorAll<HTMLElement>('button, input, textarea, a[href], [tabindex="0"]'),
        ].filter((el) => !el.hasAttribute('disabled'));
        const first = focusable[0];
        const last = focusable.at(-1);
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
      (opener.current as HTMLElement | null)?.focus?.();
    };
  }, [modal.open]);

  if (!modal.open) return null;

  function close() {
    closeAuthModal();
    const url = new URL(window.location.href);
    if (url.searchParams.get('auth') === 'signin') {
      url.searchParams.delete('auth');
      window.history.replaceState(window.history.state, '', url);
    }
  }

  return createPortal(
    <div
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto p-4 sm:items-center"
      data-auth-modal
    >
      <div
        className="fixed inset-0 bg-gray-950/60 backdrop-blur-sm"
        data-auth-backdrop
        onClick={close}
        aria-hidden="true"
      />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="card relative z-10 my-8 w-full max-w-md p-6 shadow-xl"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {TITLES[modal.mode]}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="rounded-md p-1 text-content-muted hover:bg-badge hover:text-content"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <StoreAuthForms config={config} />
      </div>
    </div>,
    document.body,
  );
}
