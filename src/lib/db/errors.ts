/**
 * Errors that mean "the database cannot be reached right now" as opposed to "this query
 * is wrong". The middleware turns the former into a 503 page instead of a stack trace.
 */

export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Another process holds the embedded database open (PGlite is single-process). */
export class DatabaseLockedError extends DatabaseUnavailableError {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseLockedError';
  }
}

// Node socket errors and PostgreSQL SQLSTATEs that mean the server is gone or refusing
// connections: class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect
// now), 53300 (too many connections).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Connection terminated unexpectedly/i,
  /PGlite is closed/i,
  /Client has encountered a connection error/i,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

// SQLSTATEs of class 22 (data exception) that a value from a request causes: a NUL byte or
// an invalid character in text, a number or date out of range, text that is not a number.
// Validation should refuse such values first; this is the net under it.
const INVALID_INPUT_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22025', '2201B', '22P02', '22P05']);

/** Did the database refuse a value the request supplied (as opposed to being unreachable or the query being wrong)? */
export function isInvalidInput(error: unknown): boolean {
  const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && INVALID_INPUT_CODES.has(code);
}
