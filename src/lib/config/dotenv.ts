import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` from the project root into process.env for the start script, the dev
 * server and the db scripts. Variables already set in the real environment win, as with
 * Node's --env-file; Vercel and other hosts set their variables directly.
 */
export function loadDotEnv(file = path.resolve(process.cwd(), '.env')): void {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}
