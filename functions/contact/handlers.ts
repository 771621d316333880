import type { Kysely } from 'kysely';
import { getEnv } from '../../src/lib/config/env.ts';
import { ON_VERCEL } from '../../src/lib/config/platform.server.ts';
import { CONTACT_MESSAGES, contactEmail, contactSchema, isSpam } from '../../src/lib/contact/contact.ts';
import {
  ContactRateLimitedError,
  markContactEmailed,
  storeContactMessage,
} from '../../src/lib/contact/contact.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Mailer } from '../auth/mailer.ts';
import { mailboxEnabled } from '../auth/dev-mailbox.ts';
import { canDeliverEmail, mailerFromEnv } from '../auth/mailer.ts';
import { apiError, json } from '../http.ts';

/**
 * The contact form: validated, stored (so nothing is lost when email fails), then emailed
 * to CONTACT_EMAIL, or to the dev mailbox in the embedded mode. The page (/contact, a plain
 * form that works without JavaScript) and POST /api/contact share submitContact.
 */

export interface ContactContext {
  db: () => Promise<Kysely<Database>>;
  clientAddress: string | undefined;
  /** The signed-in sender, if any (their message is linked to their account). */
  user: { id: string } | null;
  now?: () => Date;
  mailer?: Mailer;
}

export type ContactResult =
  { ok: true; message: string } | { ok: false; status: 400 | 429; code: string; message: string; field?: string };

/**
 * Where the team reads contact messages by email; null when they can only be read in the
 * admin area: no CONTACT_EMAIL, or no way to send one (no SMTP_URL outside the dev mailbox).
 */
export function contactRecipient(): string | null {
  const env = getEnv();
  if (env.CONTACT_EMAIL) return canDeliverEmail() ? env.CONTACT_EMAIL : null;
  return !ON_VERCEL && mailboxEnabled() ? 'contact@localhost' : null;
}

export async function submitContact(raw: unknown, context: ContactContext): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      status: 400,
      code: 'validation_failed',
      message: issue?.message ?? 'Please check the form.',
      field: String(issue?.path[0] ?? ''),
    };
  }
  if (isSpam(parsed.data)) return { ok: true, message: CONTACT_MESSAGES.sent };
  const now = context.now?.() ?? new Date();
  const db = await context.db();
  let stored: { id: string };
  try {
    stored = await storeContactMessage(db, parsed.data, {
      address: context.clientAddress ?? 'unknown',
      userId: context.user?.id ?? null,
      now,
    });
  } catch (error) {
    if (error instanceof ContactRateLimitedError)
      return { ok: false, status: 429, code: 'rate_limited', message: CONTACT_MESSAGES.rateLimited };
    throw error;
  }
  // A message is marked emailed only once a mailer has taken it; without one it waits in the admin area.
  const to = contactRecipient();
  if (!to && getEnv().CONTACT_EMAIL)
    console.warn(
      `[contact] message ${stored.id} stored, not emailed: set SMTP_URL to email contact messages to CONTACT_EMAIL`,
    );
  if (to) {
    const env = getEnv();
    const { subject, text } = contactEmail(parsed.data, env.SITE_NAME);
    const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    try {
      await (context.mailer ?? mailerFromEnv()).send({
        to,
        subject,
        text,
        html: `<pre style="white-space:pre-wrap">${escaped}</pre>`,
      });
      await markContactEmailed(db, stored.id, new Date());
    } catch (error) {
      // Stored already: the team still sees it in the admin area.
      console.error(`[contact] message ${stored.id} stored but not emailed: ${(error as Error).message}`);
    }
  }
  return { ok: true, message: CONTACT_MESSAGES.sent };
}

/** Where a form post (the /contact page without script) is sent back to. */
export function contactPageUrl(result: ContactResult): string {
  return result.ok
    ? '/contact?sent=1'
    : `/contact?error=${result.status === 429 ? 'rate_limited' : encodeURIComponent(result.field || 'form')}`;
}

/**
 * POST /api/contact with JSON { name, email, topic, message, website }, or the /contact
 * page's form (urlencoded), which is answered with a 303 back to the page.
 */
export async function handleContact(request: Request, context: ContactContext): Promise<Response> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => new FormData());
    const values = Object.fromEntries(
      [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const result = await submitContact(values, context);
    return new Response(null, {
      status: 303,
      headers: { location: contactPageUrl(result), 'cache-control': 'no-store' },
    });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return apiError(400, 'invalid_json', 'The request body must be JSON.');
  }
  const result = await submitContact(body, context);
  if (!result.ok)
    return apiError(
      result.status,
      result.code,
      result.message,
      result.status === 429 ? { headers: { 'retry-after': '3600' } } : {},
    );
  return json({ message: result.message }, { status: 201 });
}
