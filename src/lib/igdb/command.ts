/**
 * `npm run igdb -- sync [--pages n]` (the full sync) | `update [--pages n]` (an incremental
 * one) | `covers [--count n]` | `status`: what the command line asks for, or what is wrong with it.
 */
export type IgdbCommand =
  | { command: 'sync' | 'update'; maxPages: number | undefined }
  | { command: 'covers'; count: number | undefined }
  | { command: 'status' }
  | { error: string };

export const IGDB_USAGE = 'Usage: npm run igdb -- sync [--pages N] | update [--pages N] | covers [--count N] | status';

/** What the sync needs to run, in the words an operator reads (the command, the admin pages). */
export const IGDB_NOT_CONFIGURED =
  'The IGDB sync is off: set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET (a Twitch developer application from dev.twitch.tv/console) to enable it.';

export function parseIgdbCommand(argv: readonly string[]): IgdbCommand {
  const [command, ...rest] = argv;
  if (command === 'status' && rest.length === 0) return { command: 'status' };
  if (command === 'covers') return parseCovers(rest);
  if (command !== 'sync' && command !== 'update') return { error: IGDB_USAGE };
  if (rest.length === 0) return { command, maxPages: undefined };
  const [flag, value] = rest;
  const pages = Number(value);
  if (rest.length !== 2 || flag !== '--pages' || !Number.isInteger(pages) || pages < 1 || pages > 100_000) {
    return { error: `${IGDB_USAGE}\n--pages takes a whole number from 1 to 100000.` };
  }
  return { command, maxPages: pages };
}

function parseCovers(rest: readonly string[]): IgdbCommand {
  if (rest.length === 0) return { command: 'covers', count: undefined };
  const [flag, value] = rest;
  const count = Number(value);
  if (rest.length !== 2 || flag !== '--count' || !Number.isInteger(count) || count < 1 || count > 1_000_000) {
    return { error: `${IGDB_USAGE}\n--count takes a whole number from 1 to 1000000.` };
  }
  return { command: 'covers', count };
}
