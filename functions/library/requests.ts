import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { GameNotFoundError } from '../../src/lib/library/play-status.server.ts';
import { ListError } from '../../src/lib/lists/lists.server.ts';
import { apiError, readJson } from '../http.ts';

/**
 * What the library and list handlers share: the caller and their database, the refusal of a
 * visitor, a JSON body read against a shared schema, an id from the path, and a write's
 * refusal (a list error, an unknown game, a value out of a column's range) as its answer.
 */

export interface LibraryContext {
  user: AuthUser | null;
  db: () => Promise<Kysely<Database>>;
  purge: Purge;
}

export const notSignedIn = () => apiError(401, 'not_authenticated', 'Sign in to keep your games and lists.');

export async function parse<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ data: z.infer<S> } | { error: Response }> {
  const body = await readJson(request);
  if (body === undefined) return { error: apiError(400, 'invalid_json', 'The request body must be JSON.') };
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return {
      error: apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'The request is not valid.'),
    };
  return { data: parsed.data };
}

/** A positive integer id from a route parameter, or null. */
export function idParam(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ListError) return apiError(error.status, error.code, error.message);
    if (error instanceof GameNotFoundError) return apiError(404, 'game_not_found', error.message);
    const code = (error as { code?: string }).code;
    if (code === '23514' || code === '22007' || code === '22008')
      return apiError(400, 'validation_failed', 'A value is out of range: check the dates, hours and note.');
    throw error;
  }
}
