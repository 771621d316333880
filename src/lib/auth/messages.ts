import { MESSAGES } from './validation.ts';

/**
 * Turns whatever a call threw or returned into the message a person sees:
 * a network failure, a 5xx, or an auth-service error with a message of its own.
 */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  code?: unknown;
}

export function isNetworkError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message, status } = error as ErrorLike;
  if (name === 'AuthRetryableFetchError' && (status === 0 || status === undefined)) return true;
  if (error instanceof TypeError && typeof message === 'string' && /fetch|network|load failed/i.test(message))
    return true;
  return name === 'NetworkError';
}

export function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { status } = error as ErrorLike;
  return typeof status === 'number' ? status : undefined;
}

/** The message for a failed call: network, server (5xx), the error's own message, else the generic one. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.unexpectedError): string {
  if (isNetworkError(error)) return MESSAGES.networkError;
  const status = statusOf(error);
  if (status !== undefined && status >= 500) return MESSAGES.serverError;
  if (error && typeof error === 'object') {
    const { message, name } = error as ErrorLike;
    if (
      typeof message === 'string' &&
      message &&
      (typeof name !== 'string' || name.startsWith('Auth') || name === 'ApiError')
    ) {
      return message;
    }
  }
  return fallback;
}

/** An error from the site's own API ({ error: { code, message } }) with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** fetch + JSON for the site's API: throws ApiError (or a network TypeError) on failure. */
export async function apiFetch<T>(input: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(input, {
    ...init,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!response.ok) {
    if (response.status >= 500)
      throw new ApiError(response.status, body?.error?.code ?? 'server_error', MESSAGES.serverError);
    throw new ApiError(response.status, body?.error?.code ?? 'error', body?.error?.message ?? MESSAGES.unexpectedError);
  }
  return body as T;
}
