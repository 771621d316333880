import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../src/lib/db/schema.ts';
import { recordErrorReport } from '../../src/lib/errors/report.server.ts';
import { apiError } from '../http.ts';

/**
 * POST /api/errors: an error the browser caught (an island's error boundary, an uncaught
 * error or rejection), kept first-party. The text is scrubbed of personal data before it
 * is stored (src/lib/errors/scrub.ts); repeats of one error only raise its count.
 */

export const clientErrorSchema = z
  .object({
    message: z.string().min(1).max(2000),
    stack: z.string().max(16_000).nullish(),
    route: z.string().min(1).max(2000),
    release: z.string().min(1).max(100),
  })
  .strict();

export interface ErrorsContext {
  db: () => Promise<Kysely<Database>>;
}

export async function handleClientError(request: Request, context: ErrorsContext): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return apiError(400, 'invalid_json', 'The report must be a JSON object.');
  }
  const parsed = clientErrorSchema.safeParse(body);
  if (!parsed.success)
    return apiError(
      400,
      'invalid_report',
      `${parsed.error.issues[0]?.path.join('.') || 'report'}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  // Only the path of the page: its query and fragment may carry tokens.
  const route = parsed.data.route.split(/[?#]/)[0] || '/';
  await recordErrorReport(await context.db(), { source: 'client', ...parsed.data, route });
  return new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
}

/** GET /api/sentry-example-api: fails on purpose so a server error can be followed to its report. */
export function handleExampleServerError(): Response {
  throw new Error('Sentry example: a server error thrown on purpose by /api/sentry-example-api');
}
