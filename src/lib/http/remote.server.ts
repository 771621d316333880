import { REMOTE_TIMEOUT_MS, STRIPE_NETWORK_RETRIES } from '../config/remote-timeouts.ts';

/**
 * Calls to remote services (hosted Supabase, Stripe, Google, SMTP): each has a timeout
 * (src/lib/config/remote-timeouts.ts), and a failure is one log line per incident, not one
 * per request: when a service goes silent every request that needs it fails the same way,
 * and a thousand identical lines would bury the one that matters.
 */

export type RemoteFailureKind = 'timeout' | 'unreachable';

/** A remote service gave no answer in time, or could not be reached at all. */
export class RemoteServiceError extends Error {
  readonly service: string;
  readonly kind: RemoteFailureKind;
  constructor(service: string, kind: RemoteFailureKind, message: string) {
    // No `cause`: a socket error's code (ENOTFOUND, ETIMEDOUT) would read as a database outage.
    super(message);
    this.name = 'RemoteServiceError';
    this.service = service;
    this.kind = kind;
  }
}

/** Within this long after a line about a service failing, more failures of the same kind are only counted. */
export const REMOTE_LOG_INTERVAL_MS = 60_000;

const lastLogged = new Map<string, { at: number; suppressed: number }>();

/**
 * Logs `message` about `service`, unless a line about the same failure was logged less than
 * REMOTE_LOG_INTERVAL_MS ago; the next line says how many were left out meanwhile.
 */
export function logRemoteFailure(service: string, kind: RemoteFailureKind, message: string, now = Date.now()): void {
  const key = `${service}\u0000${kind}`;
  const last = lastLogged.get(key);
  if (last && now - last.at < REMOTE_LOG_INTERVAL_MS) {
    last.suppressed += 1;
    return;
  }
  const left = last?.suppressed ? ` (${last.suppressed} more like it since the last line)` : '';
  lastLogged.set(key, { at: now, suppressed: 0 });
  console.error(`[remote] ${message}${left}`);
}

/** Tests start each case with no incident on record. */
export function resetRemoteFailureLog(): void {
  lastLogged.clear();
}

/** The innermost message of a fetch failure ("fetch failed" hides the socket's reason in its cause). */
export function failureReason(error: unknown): string {
  let current: unknown = error;
  let reason = 'unknown error';
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { message, code, cause } = current as { message?: unknown; code?: unknown; cause?: unknown };
    if (typeof message === 'string' && message)
      reason = typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
    current = cause;
  }
  return reason;
}

/** Which service a URL belongs to, and how long a call to it may take. */
export type RemoteRoute = (url: URL) => { service: string; timeoutMs: number };

/**
 * A fetch that gives up after the route's time (the caller's own signal still applies),
 * logs the failure as above, and throws a RemoteServiceError. Only the method, origin and
 * path are logged: a query string may carry a token.
 */
export function timedFetch(route: RemoteRoute, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(input instanceof Request ? input.url : input);
    const { service, timeoutMs } = route(url);
    const callerSignal = init?.signal ?? request?.signal ?? undefined;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    try {
      return await base(input, { ...init, signal });
    } catch (error) {
      if (callerSignal?.aborted) throw error;
      const call = `${(init?.method ?? request?.method ?? 'GET').toUpperCase()} ${url.origin}${url.pathname}`;
      const failure = timeout.aborted
        ? new RemoteServiceError(service, 'timeout', `${service} gave no answer within ${timeoutMs} ms (${call})`)
        : new RemoteServiceError(
            service,
            'unreachable',
            `${service} could not be reached (${call}: ${failureReason(error)}; timeout ${timeoutMs} ms)`,
          );
      logRemoteFailure(service, failure.kind, failure.message);
      throw failure;
    }
  };
}

/** Stripe's own error for a call that got no answer (the stripe package's StripeConnectionError). */
function isStripeConnectionError(error: unknown): error is Error {
  return error instanceof Error && (error as { type?: unknown }).type === 'StripeConnectionError';
}

/**
 * Did `error` come from a remote service that failed to answer? The middleware answers such
 * failures with a 503 and the spec's "Server error. Please try again later.", never a stack
 * trace; a Stripe connection error is logged here (the stripe package only throws it), the
 * others were logged where they happened.
 */
export function remoteServiceFailed(error: unknown): boolean {
  if (error instanceof RemoteServiceError) return true;
  if (!isStripeConnectionError(error)) return false;
  logRemoteFailure(
    'Stripe',
    'unreachable',
    `Stripe gave no answer (timeout ${REMOTE_TIMEOUT_MS.stripe} ms per attempt, ${STRIPE_NETWORK_RETRIES} retry): ${error.message}`,
  );
  return true;
}

/** The same question without a log line (tests, and callers that only classify). */
export function isRemoteServiceFailure(error: unknown): boolean {
  return error instanceof RemoteServiceError || isStripeConnectionError(error);
}
