/**
 * The site speaks one language and formats every date and number one way, on the server
 * and in the browser alike (docs/decisions/locale.md). Every format lives in this folder;
 * a test keeps Intl formatters and toLocale*() calls out of the rest of the code.
 */
export const LOCALE = 'en-US';

/** Dates are calendar facts (a release date is the same day everywhere): shown in UTC. */
export const TIME_ZONE = 'UTC';
