import type { Kysely } from 'kysely';
import { eventSchema, isBot, optedOut } from '../../src/lib/analytics/event.ts';
import { recordEvent } from '../../src/lib/analytics/analytics.server.ts';
import type { Env } from '../../src/lib/config/env.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { apiError } from '../http.ts';

/**
 * POST /api/event: a page view or an outbound click from the site's own tracker (or any
 * client speaking its fields). Answers 202 with no body once stored or deliberately ignored
 * (robots, Do Not Track, Global Privacy Control, another site's domain), 400 for a payload
 * that is not an event. No cookie is read or set; the address and user agent only feed the
 * day's visitor hash.
 */

export interface EventContext {
  db: () => Promise<Kysely<Database>>;
  /** The client's address as the adapter knows it; unknown counts as one shared visitor. */
  clientAddress: string | undefined;
  /** The site's origin (SITE_URL's): events for any other host are ignored. */
  env: Pick<Env, 'siteOrigin'>;
  now?: () => Date;
}

const accepted = () => new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });

export async function handleEvent(request: Request, context: EventContext): Promise<Response> {
  let body: unknown;
  try {
    // sendBeacon posts text/plain; fetch posts application/json: the body is JSON either way.
    body = JSON.parse(await request.text());
  } catch {
    return apiError(400, 'invalid_json', 'The event must be a JSON object.');
  }
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'event';
    return apiError(
      400,
      'invalid_event',
      issue?.code === 'unrecognized_keys' ? issue.message : `${field}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const userAgent = request.headers.get('user-agent') ?? '';
  if (optedOut(request.headers) || isBot(userAgent)) return accepted();
  const siteHost = new URL(context.env.siteOrigin).host.toLowerCase();
  if (parsed.data.d.toLowerCase() !== siteHost || new URL(parsed.data.u).host.toLowerCase() !== siteHost)
    return accepted();
  await recordEvent(await context.db(), parsed.data, {
    address: context.clientAddress ?? 'unknown',
    userAgent,
    now: context.now?.() ?? new Date(),
  });
  return accepted();
}
