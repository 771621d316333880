import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Env } from '../../src/lib/config/env.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { reviewWriteTargets } from '../../src/lib/http/purge.server.ts';
import {
  createDraft,
  deleteDraft,
  publishDraft,
  updateDraft,
  type ManageResult,
} from '../../src/lib/outlets/drafts.server.ts';
import { deleteReview, unpublishReview, updateReview } from '../../src/lib/outlets/published-reviews.server.ts';
import { saveOutletSettings } from '../../src/lib/outlets/manage.server.ts';
import { applyAsAuthor, removeAuthor, saveAuthorProfile } from '../../src/lib/outlets/authors.server.ts';
import {
  applicationSchema,
  authorProfileSchema,
  draftInputSchema,
  emailSchema,
  inviteSchema,
  MANAGE_MESSAGES as M,
  outletSettingsSchema,
  publishSchema,
  timeZoneSchema,
} from '../../src/lib/outlets/manage.ts';
import { createAuthorLink, useAuthorToken, type IssuedToken } from '../../src/lib/outlets/tokens.server.ts';
import {
  acceptInvitation,
  createInvitation,
  resendInvitation,
  revokeInvitation,
} from '../../src/lib/outlets/invitations.server.ts';
import { authorTokenEmail } from '../../src/lib/outlets/emails.ts';
import { outletRef, replaceOutletLogo } from '../../src/lib/outlets/logo.server.ts';
import { handleReviewImport } from './review-import.ts';
import type { Mailer } from '../auth/mailer.ts';
import { apiError, json, readJson } from '../http.ts';
import { readImageUpload, refuseUpload, uploadFailure } from '../uploads/images.ts';

/**
 * The outlet management API: /api/manage-outlet/... for owners and authors, /api/author/...
 * for the author's own account. Request in, zod, src/lib/outlets decides and writes,
 * Response out with `{ error: { code, message } }`. Writes that change public pages purge
 * them; invitations and links are emailed (dev mailbox in embedded mode, SMTP otherwise).
 */

export interface OutletApiDeps {
  db: () => Promise<Kysely<Database>>;
  user: { id: string } | null;
  purge: Purge;
  mailer: Mailer;
  /** The site's origin (every emailed link starts with it) and name. */
  env: Pick<Env, 'siteOrigin' | 'SITE_NAME'>;
  /** The caller's Supabase client (their session), for uploads through the Storage API. */
  supabase?: () => SupabaseClient;
}

const STATUS: Readonly<Record<'not-found' | 'forbidden' | 'invalid' | 'conflict', readonly [number, string]>> = {
  'not-found': [404, 'not_found'],
  forbidden: [403, 'forbidden'],
  invalid: [422, 'invalid_request'],
  conflict: [409, 'conflict'],
};

async function parse<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<{ ok: true; data: z.output<T> } | { ok: false; response: Response }> {
  const parsed = schema.safeParse(await readJson(request));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: apiError(400, 'invalid_request', parsed.error.issues[0]?.message ?? M.invalid) };
}

async function answer<T>(result: ManageResult<T>, deps: OutletApiDeps, ok: (value: T) => Response): Promise<Response> {
  if (!result.ok) {
    const [status, code] = STATUS[result.refusal.kind];
    return apiError(status, code, result.refusal.message);
  }
  if (result.change) await deps.purge(reviewWriteTargets(result.change));
  return ok(result.value);
}

async function mailToken(
  deps: OutletApiDeps,
  purpose: 'invite' | 'link' | 'verify',
  issued: IssuedToken,
): Promise<void> {
  const link = `${deps.env.siteOrigin}/author/${purpose}/${issued.token}`;
  await deps.mailer.send(
    authorTokenEmail(purpose, { to: issued.email, link, outletName: issued.outlet.name, siteName: deps.env.SITE_NAME }),
  );
}

const ok = () => json({ ok: true });
const notFound = () => apiError(404, 'not_found', 'Not found.');

/** Routes /api/manage-outlet/{...path}; `path` is what follows the prefix. */
export async function handleManageOutlet(request: Request, path: string, deps: OutletApiDeps): Promise<Response> {
  if (!deps.user) return apiError(401, 'not_authenticated', M.notSignedIn);
  const user = deps.user.id;
  const db = await deps.db();
  const parts = path.split('/').filter(Boolean);
  const method = request.method;

  // Drafts: POST drafts, PUT|DELETE drafts/{id}, POST drafts/{id}/publish
  if (parts[0] === 'drafts') {
    if (parts.length === 1 && method === 'POST') {
      const body = await parse(request, draftInputSchema);
      if (!body.ok) return body.response;
      return answer(await createDraft(db, user, body.data), deps, (value) => json(value, { status: 201 }));
    }
    const id = parts[1] ?? '';
    if (parts.length === 2 && method === 'PUT') {
      const body = await parse(request, draftInputSchema);
      if (!body.ok) return body.response;
      return answer(await updateDraft(db, user, id, body.data), deps, json);
    }
    if (parts.length === 2 && method === 'DELETE') return answer(await deleteDraft(db, user, id), deps, ok);
    if (parts.length === 3 && parts[2] === 'publish' && method === 'POST') {
      const body = await parse(request, publishSchema);
      if (!body.ok) return body.response;
      return answer(await publishDraft(db, user, id, body.data), deps, (value) =>
        json({ reviewId: value.reviewId, publishedAt: value.publishedAt.toISOString() }),
      );
    }
    return notFound();
  }

  // Scheduled and published reviews: PATCH|DELETE reviews/{id}, POST reviews/{id}/unpublish
  if (parts[0] === 'reviews' && parts[1]) {
    const id = parts[1];
    if (parts.length === 2 && method === 'PATCH') {
      const body = await parse(request, reviewPatchSchema);
      if (!body.ok) return body.response;
      return answer(await updateReview(db, user, id, body.data), deps, json);
    }
    if (parts.length === 2 && method === 'DELETE') return answer(await deleteReview(db, user, id), deps, ok);
    if (parts.length === 3 && parts[2] === 'unpublish' && method === 'POST')
      return answer(await unpublishReview(db, user, id), deps, json);
    return notFound();
  }

  // Per outlet: PUT {slug}/settings, POST {slug}/invitations, POST {slug}/invitations/{id}/resend,
  // DELETE {slug}/invitations/{id}, DELETE {slug}/authors/{authorId}, POST {slug}/authors/{authorId}/link
  const [slug, section, sub, action] = parts;
  if (!slug || !/^[a-z0-9-]{1,80}$/.test(slug)) return notFound();
  if (section === 'settings' && !sub && method === 'PUT') {
    const body = await parse(request, outletSettingsSchema);
    if (!body.ok) return body.response;
    return answer(await saveOutletSettings(db, user, slug, body.data), deps, ok);
  }
  // POST {slug or id}/logo: the image as the body or the form field "logo" (owners only).
  if (section === 'logo' && !sub && method === 'POST' && deps.supabase) {
    const bytes = await readImageUpload(request, 'logo');
    const refused = refuseUpload(bytes);
    if (refused) return refused;
    try {
      return await answer(
        await replaceOutletLogo(db, deps.supabase(), { userId: user, outlet: outletRef(slug), bytes: bytes! }),
        deps,
        json,
      );
    } catch (error) {
      return uploadFailure(error);
    }
  }
  if (section === 'reviews' && sub === 'import' && !action && method === 'POST')
    return handleReviewImport(request, slug, { db, userId: user, purge: deps.purge });
  if (section === 'invitations') {
    if (!sub && method === 'POST') {
      const body = await parse(request, inviteSchema);
      if (!body.ok) return body.response;
      const result = await createInvitation(db, user, slug, body.data);
      if (result.ok) await mailToken(deps, 'invite', result.value);
      return answer(result, deps, (value) => json({ email: value.email }, { status: 201 }));
    }
    if (sub && !action && method === 'DELETE') return answer(await revokeInvitation(db, user, slug, sub), deps, ok);
    if (sub && action === 'resend' && method === 'POST') {
      const result = await resendInvitation(db, user, slug, sub);
      if (result.ok) await mailToken(deps, 'invite', result.value);
      return answer(result, deps, (value) => json({ email: value.email }));
    }
  }
  if (section === 'authors' && sub && /^[1-9][0-9]{0,9}$/.test(sub)) {
    const authorId = Number(sub);
    if (!action && method === 'DELETE') return answer(await removeAuthor(db, user, slug, authorId), deps, ok);
    if ((action === 'link' || action === 'verify') && method === 'POST') {
      const body = await parse(request, z.object({ email: emailSchema }));
      if (!body.ok) return body.response;
      const result = await createAuthorLink(db, user, slug, authorId, body.data.email, action);
      if (result.ok) await mailToken(deps, action, result.value);
      return answer(result, deps, (value) => json({ email: value.email }, { status: 201 }));
    }
  }
  return notFound();
}

const reviewPatchSchema = draftInputSchema
  .pick({ rawScore: true, recommended: true, verdict: true, headline: true, excerpt: true, url: true })
  .partial()
  .extend({
    publishAt: z
      .string()
      .max(40, M.publishAtInvalid)
      .pipe(z.iso.datetime({ offset: true, error: M.publishAtInvalid }))
      .optional(),
    timeZone: timeZoneSchema.nullable().optional(),
  });

const TOKEN_PAGE_STATES = { used: 410, expired: 410, revoked: 410, unknown: 404, taken: 409 } as const;
const TOKEN_MESSAGES = {
  used: 'This link has already been used.',
  expired: 'This link has expired.',
  revoked: 'This link was withdrawn.',
  unknown: 'This link is not valid.',
  taken: 'This author is already linked to another account, or your account is already linked to another author.',
  valid: 'This link is not valid.',
} as const;

/** Routes /api/author/{...path}: POST invite|link|verify/{token}, POST apply, PUT profile. */
export async function handleAuthor(request: Request, path: string, deps: OutletApiDeps): Promise<Response> {
  if (!deps.user) return apiError(401, 'not_authenticated', 'Sign in first.');
  const db = await deps.db();
  const [kind, token, extra] = path.split('/').filter(Boolean);
  if (kind === 'profile' && !token && request.method === 'PUT') {
    const body = await parse(request, authorProfileSchema);
    if (!body.ok) return body.response;
    const result = await saveAuthorProfile(db, deps.user.id, body.data);
    if (result.ok && result.value.verifyToken) await mailToken(deps, 'verify', result.value.verifyToken);
    return answer(result, deps, () => ok());
  }
  if (kind === 'apply' && !token && request.method === 'POST') {
    const body = await parse(request, applicationSchema);
    if (!body.ok) return body.response;
    return answer(await applyAsAuthor(db, deps.user.id, body.data), deps, () => json({ ok: true }, { status: 201 }));
  }
  if (!token || extra || request.method !== 'POST') return notFound();
  if (kind === 'invite') {
    const result = await acceptInvitation(db, deps.user.id, token);
    if ('state' in result)
      return apiError(
        TOKEN_PAGE_STATES[result.state === 'valid' ? 'unknown' : result.state],
        `token_${result.state}`,
        TOKEN_MESSAGES[result.state],
      );
    return answer(result, deps, (value) => json(value));
  }
  if (kind === 'link' || kind === 'verify') {
    const result = await useAuthorToken(db, deps.user.id, token, kind);
    if (!result.ok)
      return apiError(
        TOKEN_PAGE_STATES[result.state === 'valid' ? 'unknown' : result.state],
        `token_${result.state}`,
        TOKEN_MESSAGES[result.state],
      );
    return json({ authorId: result.authorId });
  }
  return notFound();
}
