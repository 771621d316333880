import { getEnv } from '../../src/lib/config/env.ts';
import { ON_VERCEL } from '../../src/lib/config/platform.server.ts';
import { REMOTE_TIMEOUT_MS } from '../../src/lib/config/remote-timeouts.ts';
import { failureReason, RemoteServiceError } from '../../src/lib/http/remote.server.ts';
import { devMailbox, mailboxEnabled } from './dev-mailbox.ts';
import { authLog, maskEmail } from './redact.ts';

/**
 * The auth service's emails: what they say (the templates, Supabase's default subjects
 * and wording) and where they go. Embedded mode (no DATABASE_URL, no SUPABASE_URL) outside
 * production: the dev mailbox (dev-mailbox.ts). With SMTP_URL: sent through nodemailer. Self-hosted without
 * SMTP_URL: nothing can be delivered, so each email is one warning in the log and the
 * flows that need email cannot be completed.
 *
 * Log lines name the subject and a masked recipient, never the link (it carries a token).
 */

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: Email): Promise<void>;
}

export type AuthEmailKind = 'signup' | 'recovery' | 'email_change';

interface Template {
  subject: string;
  heading: string;
  text: string;
  label: string;
}

interface LinkDetail {
  to: string;
  from?: string | undefined;
  /** An email change: the address being confirmed (the recipient may be the current one). */
  newEmail?: string | undefined;
}

function template(kind: AuthEmailKind, siteName: string, detail: LinkDetail): Template {
  switch (kind) {
    case 'signup':
      return {
        subject: 'Confirm Your Signup',
        heading: 'Confirm your signup',
        text: `Follow this link to confirm your ${siteName} account:`,
        label: 'Confirm your mail',
      };
    case 'recovery':
      return {
        subject: 'Reset Your Password',
        heading: 'Reset Password',
        text: `Follow this link to reset the password of your ${siteName} account:`,
        label: 'Reset Password',
      };
    case 'email_change':
      return {
        subject: 'Confirm Email Change',
        heading: 'Confirm Change of Email',
        text: `Follow this link to confirm the update of your email from ${detail.from ?? ''} to ${detail.newEmail ?? detail.to}:`,
        label: 'Change Email',
      };
  }
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The email of `kind` carrying `link` (built by the caller from the site's own origin). */
export function authEmail(kind: AuthEmailKind, options: LinkDetail & { link: string; siteName: string }): Email {
  const { subject, heading, text, label } = template(kind, options.siteName, options);
  return {
    to: options.to,
    subject,
    text: `${heading}\n\n${text}\n${options.link}\n`,
    html: `<h2>${escapeHtml(heading)}</h2>\n<p>${escapeHtml(text)}</p>\n<p><a href="${escapeHtml(options.link)}">${escapeHtml(label)}</a></p>`,
  };
}

/**
 * Notices that need no link to act on: the old address is told its account moved to a new
 * one; the owner of an address someone tried to sign up with is told it already has an
 * account (the sign-up itself answers as for a new address, so only the owner learns it).
 */
export type AuthNoticeKind = 'email_changed' | 'account_exists';

export function noticeEmail(
  kind: AuthNoticeKind,
  options: { to: string; siteName: string; siteOrigin: string; newEmail?: string | undefined },
): Email {
  const { to, siteName, siteOrigin } = options;
  const paragraphs: { text: string; link?: { href: string; label: string } }[] =
    kind === 'email_changed'
      ? [
          {
            text: `The email address of your ${siteName} account was changed from ${to} to ${options.newEmail ?? ''}.`,
          },
          {
            text: "If you didn't make this change, contact us immediately:",
            link: { href: `${siteOrigin}/contact`, label: 'Contact us' },
          },
        ]
      : [
          { text: `Someone tried to sign up for ${siteName} with this email address, which already has an account.` },
          { text: 'If it was you, sign in:', link: { href: `${siteOrigin}/login`, label: 'Sign in' } },
          {
            text: 'Forgot your password? Choose a new one:',
            link: { href: `${siteOrigin}/reset-password`, label: 'Reset Password' },
          },
          { text: "If it wasn't you, you can safely ignore this email." },
        ];
  const subject = kind === 'email_changed' ? 'Your email address was changed' : 'You already have an account';
  return {
    to,
    subject,
    text: `${subject}\n\n${paragraphs.map((p) => (p.link ? `${p.text}\n${p.link.href}` : p.text)).join('\n\n')}\n`,
    html: `<h2>${escapeHtml(subject)}</h2>\n${paragraphs
      .map(
        (p) =>
          `<p>${escapeHtml(p.text)}${p.link ? ` <a href="${escapeHtml(p.link.href)}">${escapeHtml(p.link.label)}</a>` : ''}</p>`,
      )
      .join('\n')}`,
  };
}

export { extractLinks } from './dev-mailbox.ts';

const SMTP_TIMEOUTS = `connection ${REMOTE_TIMEOUT_MS.smtpConnection} ms, greeting ${REMOTE_TIMEOUT_MS.smtpGreeting} ms, socket ${REMOTE_TIMEOUT_MS.smtpSocket} ms`;
// nodemailer's codes for a server that did not answer in time, and for one it could not reach.
const SMTP_UNREACHABLE = new Set([
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * A server that does not answer fails the send within seconds (nodemailer waits two minutes
 * to connect and ten of silence by default) with an error naming SMTP and its timeouts; the
 * caller logs it in one line. Without the URL: it carries the password.
 */
function smtpFailure(error: unknown, url: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const host = URL.canParse(url) ? new URL(url).host : 'the SMTP server';
  const reason = failureReason(error);
  if (code === 'ETIMEDOUT')
    return new RemoteServiceError(
      'SMTP',
      'timeout',
      `SMTP ${host} gave no answer in time (${reason}; timeouts: ${SMTP_TIMEOUTS})`,
    );
  if (typeof code === 'string' && SMTP_UNREACHABLE.has(code)) {
    return new RemoteServiceError(
      'SMTP',
      'unreachable',
      `SMTP ${host} could not be reached (${reason}; timeouts: ${SMTP_TIMEOUTS})`,
    );
  }
  return error;
}

export function smtpMailer(url: string, from: string): Mailer {
  let transport: Promise<{ sendMail(message: Record<string, unknown>): Promise<unknown> }> | undefined;
  return {
    async send(email) {
      transport ??= import('nodemailer').then((nodemailer) =>
        nodemailer.default.createTransport({
          url,
          connectionTimeout: REMOTE_TIMEOUT_MS.smtpConnection,
          greetingTimeout: REMOTE_TIMEOUT_MS.smtpGreeting,
          socketTimeout: REMOTE_TIMEOUT_MS.smtpSocket,
        }),
      );
      try {
        await (
          await transport
        ).sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
      } catch (error) {
        throw smtpFailure(error, url);
      }
    },
  };
}

const undeliverable: Mailer = {
  send(email) {
    authLog.warn(
      `"${email.subject}" to ${maskEmail(email.to)} was not sent: set SMTP_URL to deliver the auth service's emails`,
    );
    return Promise.resolve();
  },
};

/** Can an email be delivered at all: through SMTP, or into the dev mailbox? */
export function canDeliverEmail(): boolean {
  return Boolean(getEnv().SMTP_URL) || (!ON_VERCEL && mailboxEnabled());
}

export function mailerFromEnv(): Mailer {
  const env = getEnv();
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL, env.SMTP_FROM ?? `${env.SITE_NAME} <no-reply@localhost>`);
  // The Vercel build does not carry the dev mailbox (embedded mode only).
  return !ON_VERCEL && mailboxEnabled() ? devMailbox : undeliverable;
}
