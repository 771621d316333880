import { getEnv } from '../../src/lib/config/env.ts';

/**
 * Where the auth service's emails go. Embedded mode (no DATABASE_URL, no SUPABASE_URL):
 * the dev mailbox, readable at /dev/mailbox and /dev/mailbox.json, plus one log line that
 * names the recipient and subject (never the link: it carries a token). With SMTP_URL:
 * sent through nodemailer. Self-hosted without SMTP_URL: nothing can be delivered, so the
 * service logs that once per email and the flows that need email cannot be completed.
 */

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailboxEntry extends Email {
  id: number;
  sentAt: string;
  /** Every link in the message, in order (tests follow them). */
  links: string[];
}

export interface Mailer {
  send(email: Email): Promise<void>;
}

const MAILBOX_SIZE = 200;
const MAILBOX = Symbol.for('critical-hit.dev-mailbox');

interface MailboxState {
  entries: MailboxEntry[];
  lastId: number;
}

function mailboxState(): MailboxState {
  const holder = globalThis as typeof globalThis & { [MAILBOX]?: MailboxState };
  holder[MAILBOX] ??= { entries: [], lastId: 0 };
  return holder[MAILBOX];
}

export function extractLinks(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

/** The dev mailbox, newest first. */
export function mailboxEntries(): MailboxEntry[] {
  return [...mailboxState().entries].reverse();
}

export function clearMailbox(): void {
  mailboxState().entries = [];
}

export const devMailbox: Mailer = {
  async send(email) {
    const state = mailboxState();
    state.lastId += 1;
    state.entries.push({ ...email, id: state.lastId, sentAt: new Date().toISOString(), links: extractLinks(email.html) });
    if (state.entries.length > MAILBOX_SIZE) state.entries.splice(0, state.entries.length - MAILBOX_SIZE);
    console.log(`[mail] "${email.subject}" to ${email.to}: see /dev/mailbox`);
  },
};

export function smtpMailer(url: string, from: string): Mailer {
  let transport: Promise<{ sendMail(message: Record<string, unknown>): Promise<unknown> }> | undefined;
  return {
    async send(email) {
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(url));
      await (await transport).sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
  };
}

const undeliverable: Mailer = {
  async send(email) {
    console.warn(`[mail] "${email.subject}" to ${email.to} was not sent: set SMTP_URL to deliver the auth service's emails`);
  },
};

/** Is the dev mailbox the destination of emails (and are its routes served)? */
export function mailboxEnabled(): boolean {
  const env = getEnv();
  return env.mode === 'embedded' && !env.SMTP_URL;
}

export function mailerFromEnv(): Mailer {
  const env = getEnv();
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL, env.SMTP_FROM ?? `${env.SITE_NAME} <no-reply@localhost>`);
  return env.mode === 'embedded' ? devMailbox : undeliverable;
}
