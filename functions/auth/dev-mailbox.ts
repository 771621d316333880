import { isIP } from 'node:net';
import { getEnv } from '../../src/lib/config/env.ts';
import type { Email, Mailer } from './mailer.ts';
import { authLog, maskEmail } from './redact.ts';

/**
 * The dev mailbox: in embedded mode without SMTP_URL, every email the auth service sends
 * lands here (the last 200, in this process), readable at /dev/mailbox and
 * /dev/mailbox.json. Those pages hand out live confirmation and recovery links, so they
 * answer only a developer on this machine: a request from a loopback address, naming a
 * loopback host in its Host header, to a server listening on a loopback host. The Host check
 * stops DNS rebinding: a page on another site whose name is made to point at 127.0.0.1 reads
 * through the visitor's own browser (a loopback client), but its requests carry its own name.
 * DEV_MAILBOX=1 lifts all that (a dev server in a container or a VM), DEV_MAILBOX=0 closes
 * the pages; NODE_ENV=production never has a mailbox at all.
 */

export interface MailboxEntry extends Email {
  id: number;
  sentAt: string;
  /** Every link in the message, in order (tests follow them). */
  links: string[];
}

const MAILBOX_SIZE = 200;
// Pure: a build that never opens the mailbox (Vercel's) drops this module whole.
const MAILBOX = /* @__PURE__ */ Symbol.for('critical-hit.dev-mailbox');

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
  send(email) {
    const state = mailboxState();
    state.lastId += 1;
    state.entries.push({
      ...email,
      id: state.lastId,
      sentAt: new Date().toISOString(),
      links: extractLinks(email.html),
    });
    if (state.entries.length > MAILBOX_SIZE) state.entries.splice(0, state.entries.length - MAILBOX_SIZE);
    authLog.info(`mail "${email.subject}" to ${maskEmail(email.to)}: see /dev/mailbox`);
    return Promise.resolve();
  },
};

/** Is the dev mailbox where emails go? Embedded mode, no SMTP_URL, not production. */
export function mailboxEnabled(): boolean {
  const env = getEnv();
  return env.mode === 'embedded' && !env.SMTP_URL && env.NODE_ENV !== 'production';
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/** HOST unset (the server listens on localhost), localhost, 127.x.x.x or ::1. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return true;
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/** A Host header naming this machine: localhost, 127.0.0.1 or [::1], with any port or none. */
export function isLoopbackHostHeader(host: string | null | undefined): boolean {
  const match = /^(?:\[([0-9a-f:]+)\]|([a-z0-9.]+))(?::\d{1,5})?$/i.exec(host ?? '');
  if (!match) return false;
  const name = (match[1] ?? match[2] ?? '').toLowerCase();
  return name === 'localhost' || name === '127.0.0.1' || name === '::1';
}

/** May this request (its client's address, its Host header) read the dev mailbox? Its pages answer 404 otherwise. */
export function mailboxVisibleTo(clientAddress: string | undefined, hostHeader: string | null | undefined): boolean {
  if (!mailboxEnabled()) return false;
  const { DEV_MAILBOX, HOST } = getEnv();
  if (DEV_MAILBOX === '0') return false;
  if (DEV_MAILBOX === '1') return true;
  return isLoopbackHost(HOST) && isLoopbackAddress(clientAddress) && isLoopbackHostHeader(hostHeader);
}
