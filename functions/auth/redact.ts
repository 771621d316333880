import { isUuid } from './secrets.ts';

/**
 * What the auth code may write to the log: one line per event, never a token, a password
 * or a full email address. Messages pass through `redact`, which masks addresses as
 * `j***@example.com`, replaces anything shaped like a JWT or a random token with
 * `[redacted]`, flattens newlines (a stack trace or a forged value cannot add lines) and
 * caps the length (a 1 MB input cannot make a 1 MB log line).
 */

const MAX_LINE = 400;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
const JWT = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// Refresh tokens, email-link tokens, hashes: long runs of base64url characters with a
// digit or a capital in them (so snake_case constraint names stay readable).
const LONG_TOKEN = /[A-Za-z0-9_-]{32,}/g;

/** `jane.doe@example.com` -> `j***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***@${email.slice(at + 1, at + 1 + 100)}`;
}

export function redact(text: string): string {
  const flat = text.replace(/\s*[\r\n\t]+\s*/g, ' ');
  const capped = flat.length > 4 * MAX_LINE ? flat.slice(0, 4 * MAX_LINE) : flat;
  const masked = capped
    .replace(JWT, '[redacted]')
    .replace(EMAIL, (_match, first: string, domain: string) => `${first}***@${domain}`)
    // Session and user ids (UUIDs) are fine to log and help trace an event; tokens are not.
    .replace(LONG_TOKEN, (run) => (isUuid(run) || !/[A-Z0-9]/.test(run) ? run : '[redacted]'));
  return masked.length > MAX_LINE ? `${masked.slice(0, MAX_LINE)}…` : masked;
}

/** The message of anything thrown, redacted: never a stack trace. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return redact(`${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`);
  return redact(String(error));
}

type Level = 'info' | 'warn' | 'error';

function write(level: Level, message: string): void {
  const line = `[auth] ${redact(message)}`;
  if (level === 'info') console.log(line);
  else if (level === 'warn') console.warn(line);
  else console.error(line);
}

export const authLog = {
  info: (message: string) => write('info', message),
  warn: (message: string) => write('warn', message),
  error: (message: string) => write('error', message),
};
