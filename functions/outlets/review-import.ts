import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { reviewWriteTargets, type Purge } from '../../src/lib/http/purge.server.ts';
import { outletRef } from '../../src/lib/outlets/logo.server.ts';
import { parseReviewImport, reviewImportRequestSchema } from '../../src/lib/outlets/review-import.ts';
import {
  importReviews,
  previewReviewImport,
  REVIEW_IMPORT_MESSAGES,
} from '../../src/lib/outlets/review-import.server.ts';
import { apiError, json } from '../http.ts';

/**
 * POST /api/manage-outlet/{slug or id}/reviews/import with { csv, confirm } (owners only):
 * without confirm the preview (nothing written); with confirm every line in one
 * transaction, refused as a whole while any line has an error.
 */
export async function handleReviewImport(
  request: Request,
  segment: string,
  deps: { db: Kysely<Database>; userId: string; purge: Purge },
): Promise<Response> {
  const body = reviewImportRequestSchema.safeParse(await request.json().catch(() => undefined));
  if (!body.success) return apiError(400, 'invalid_request', body.error.issues[0]?.message ?? 'Choose a CSV file.');
  const outlet = outletRef(segment);
  const parsed = parseReviewImport(body.data.csv);
  // Permission first: a stranger learns nothing about the file or the outlet.
  const preview = await previewReviewImport(deps.db, deps.userId, outlet, parsed.ok ? parsed.lines : []);
  if (!preview.ok)
    return apiError(
      preview.refusal.kind === 'forbidden' ? 403 : 404,
      preview.refusal.kind === 'forbidden' ? 'forbidden' : 'not_found',
      preview.refusal.message,
    );
  if (!parsed.ok) return apiError(422, 'invalid_file', parsed.message);
  if (!body.data.confirm) return json({ preview: preview.value });
  if (preview.value.counts.errors > 0)
    return json(
      { error: { code: 'import_has_errors', message: REVIEW_IMPORT_MESSAGES.hasErrors }, preview: preview.value },
      { status: 422 },
    );
  const result = await importReviews(deps.db, deps.userId, outlet, parsed.lines);
  if (!result.ok)
    return apiError(
      result.refusal.kind === 'forbidden' ? 403 : result.refusal.kind === 'conflict' ? 409 : 422,
      result.refusal.kind,
      result.refusal.message,
    );
  if (result.change) await deps.purge(reviewWriteTargets(result.change));
  return json({ imported: result.value.imported, skipped: 0 }, { status: 201 });
}
