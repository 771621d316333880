import type { AstroGlobal } from 'astro';

/** Reason phrases for the codes the error page shows. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The error page's heading and text: 404 is "Game Over!", anything else says what went wrong. */
export function describeError(status: number, message?: string): { title: string; heading: string; text: string } {
  if (status === 404) {
    return { title: '404 - Page Not Found', heading: 'Game Over!', text: "The page you're looking for doesn't exist." };
  }
  return {
    title: `${status} - Error`,
    heading: 'Oops! Something went wrong.',
    text: message || 'An unexpected error occurred.',
  };
}

/** Message for a route whose parameters fail validation (capital N, unlike an unmatched path). */
export const invalidRouteMessage = (path: string) => `Page Not Found: ${path}`;
/** Message for a path no route matches. */
export const unmatchedRouteMessage = (path: string) => `Page not found: ${path}`;

/**
 * Answers a request whose route parameters failed validation: the 404 page with
 * "Page Not Found: {path}". Use as `return invalidRouteParams(Astro)` in a page.
 */
export function invalidRouteParams(astro: AstroGlobal): Promise<Response> {
  astro.locals.pageError = { status: 404, message: invalidRouteMessage(astro.url.pathname) };
  return astro.rewrite('/404');
}

/** A missing record behind a well-formed URL (no such game): the ordinary 404. */
export function notFound(astro: AstroGlobal): Promise<Response> {
  astro.locals.pageError = { status: 404, message: unmatchedRouteMessage(astro.url.pathname) };
  return astro.rewrite('/404');
}
