import { coverageMessage, requestCoverage } from '../../src/lib/admin/coverage.server.ts';
import { coverageRequestSchema } from '../../src/lib/admin/missing-reviews.ts';
import { apiError, json, readJson } from '../http.ts';
import { firstIssue, requireAdmin, type AdminContext } from './context.ts';

/** POST /api/admin/coverage with { game, outlets }: ask the outlets' owners to review the game. */
export async function handleRequestCoverage(request: Request, context: AdminContext): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const parsed = coverageRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  const outcome = await requestCoverage(db, adminId, parsed.data);
  if (!outcome.ok) return apiError(404, outcome.code, outcome.message);
  // Notifications change no cached page: nothing to purge.
  return json({
    notified: outcome.notified,
    alreadyAsked: outcome.alreadyAsked,
    withoutOwner: outcome.withoutOwner,
    message: coverageMessage(outcome),
  });
}
