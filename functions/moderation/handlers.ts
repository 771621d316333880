import { ApplicationError, submitApplication } from '../../src/lib/moderation/applications.server.ts';
import { applicationInputSchema } from '../../src/lib/moderation/applications.ts';
import { moderationActionSchema } from '../../src/lib/moderation/moderation.ts';
import { ModerationError, moderate } from '../../src/lib/moderation/queue.server.ts';
import { reportList } from '../../src/lib/moderation/reports.server.ts';
import { reportInputSchema, USER_REVIEW_MESSAGES } from '../../src/lib/user-reviews/user-reviews.ts';
import { firstIssue, requireAdmin, type AdminContext } from '../admin/context.ts';
import { apiError, json, readJson } from '../http.ts';

/** POST /api/site-application: a signed-in user applies for their outlet to be listed. */
export async function handleSiteApplication(request: Request, context: AdminContext): Promise<Response> {
  if (!context.user) return apiError(401, 'not_authenticated', 'Sign in to apply.');
  const parsed = applicationInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  // A filled honeypot is a bot: it is told what a person would be told, and nothing is kept.
  if (parsed.data.homepage) return json({ application: { status: 'pending' } }, { status: 201 });
  try {
    const application = await submitApplication(await context.db(), context.user.id, parsed.data);
    return json({ application: { id: application.id, status: 'pending' } }, { status: 201 });
  } catch (error) {
    if (!(error instanceof ApplicationError)) throw error;
    return apiError(error.code === 'rate_limited' ? 429 : 409, error.code, error.message);
  }
}

/** POST /api/admin/moderation/{kind}/{id} with { action, reason }. */
export async function handleModerate(
  request: Request,
  params: { kind?: string | undefined; id?: string | undefined },
  context: AdminContext,
): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const parsed = moderationActionSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  if ((parsed.data.action === 'reject' || parsed.data.action === 'hide') && !parsed.data.reason) {
    return apiError(400, 'validation_failed', 'Give a reason: the author is told it.');
  }
  try {
    const purge = await moderate(db, {
      adminId,
      kind: params.kind ?? '',
      id: params.id ?? '',
      action: parsed.data.action,
      reason: parsed.data.reason,
    });
    if (purge.tags?.length || purge.paths?.length) await context.purge(purge);
    return json({ done: parsed.data.action });
  } catch (error) {
    if (!(error instanceof ModerationError)) throw error;
    return apiError(error.status, error.code, error.message);
  }
}

/** POST /api/lists/{id}/report with { reason, details }: a signed-in reader reports a list. */
export async function handleReportList(
  request: Request,
  idValue: string | undefined,
  context: AdminContext,
): Promise<Response> {
  if (!context.user) return apiError(401, 'not_authenticated', 'Sign in to report a list.');
  if (!idValue || !/^[1-9][0-9]{0,8}$/.test(idValue))
    return apiError(404, 'list_not_found', 'That list does not exist.');
  const parsed = reportInputSchema.safeParse(await readJson(request));
  if (!parsed.success)
    return apiError(400, 'validation_failed', firstIssue(parsed.error, USER_REVIEW_MESSAGES.reportReason));
  const outcome = await reportList(await context.db(), context.user.id, Number(idValue), parsed.data);
  if (!outcome.ok) return apiError(outcome.status, outcome.code, outcome.message);
  // A report changes no page: nothing to purge.
  return json({ reported: true }, { status: 201 });
}
