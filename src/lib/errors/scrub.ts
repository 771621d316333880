/**
 * What an error report may carry: no personal data and no secrets. Every text of a report
 * (message, stack, route) passes through scrub() before it is stored or sent anywhere:
 * emails, tokens (JWTs, bearer and API keys, long random strings), cookie and
 * authorization values, passwords in key=value form and query strings are replaced.
 */

const REPLACEMENTS: readonly [RegExp, string][] = [
  // Cookie and authorization headers, whole value.
  [/\b(cookie|set-cookie|authorization|x-api-key|apikey)\s*[:=]\s*[^\n]*/gi, '$1: [Filtered]'],
  // JSON web tokens (three base64url parts, the first starting with eyJ).
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, '[Filtered token]'],
  // Bearer and basic credentials.
  [/\b(bearer|basic)\s+[\w.~+/=-]{8,}/gi, '$1 [Filtered]'],
  // key=value or "key": "value" where the key names a secret.
  [
    /(["']?\b[\w-]*(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|session|sb-[\w-]*-auth-token)[\w-]*["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)/gi,
    '$1[Filtered]',
  ],
  // Query strings of URLs (they carry codes, tokens and emails).
  [/(https?:\/\/[^\s?#"']+|(?<![\w])\/[\w./-]*)\?[^\s#"')]*/g, '$1?[Filtered]'],
  // Email addresses.
  [/[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g, '[Filtered email]'],
  // Long hex or base64-like strings (keys, hashes, signed URLs).
  [/\b[A-Fa-f0-9]{32,}\b/g, '[Filtered]'],
  [/\b[A-Za-z0-9+_-]{40,}={0,2}/g, '[Filtered]'],
];

export function scrub(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  return out;
}

export const ERROR_LIMITS = { message: 1000, stack: 8000, route: 500, release: 100 } as const;

export interface ErrorReportInput {
  source: 'client' | 'server';
  message: string;
  stack?: string | null | undefined;
  route: string;
  release: string;
}

/** The stored form of a report: scrubbed and cut to the column limits. */
export interface PreparedReport {
  source: 'client' | 'server';
  message: string;
  stack: string | null;
  route: string;
  release: string;
}

export function prepareReport(input: ErrorReportInput): PreparedReport {
  const message = scrub(input.message).trim().slice(0, ERROR_LIMITS.message) || 'Unknown error';
  const stack = input.stack ? scrub(input.stack).slice(0, ERROR_LIMITS.stack) : null;
  const route = scrub(input.route).slice(0, ERROR_LIMITS.route) || '/';
  const release = input.release.slice(0, ERROR_LIMITS.release) || 'unknown';
  return { source: input.source, message, stack, route, release };
}

/**
 * What makes two reports the same error: where (source, route), what (the message with
 * numbers and ids taken out, the first frame of the stack) and which release.
 */
export function fingerprintText(report: PreparedReport): string {
  const message = report.message.replace(/\d+/g, '0');
  const frame =
    (report.stack ?? '')
      .split('\n')
      .find((line) => /^\s*at\s|@/.test(line))
      ?.trim()
      .replace(/:\d+:\d+/g, '') ?? '';
  const route = report.route.replace(/\/\d+(?=\/|$)/g, '/0');
  return [report.source, route, message, frame, report.release].join('\u0000');
}
