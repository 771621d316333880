import type { APIRoute } from 'astro';
import { clientAddressOf } from '../../../functions/auth/context.ts';
import { apiError, json } from '../../../functions/http.ts';
import { ON_VERCEL } from '../../lib/config/platform.server.ts';

/**
 * The dev mailbox as JSON, newest first: embedded mode, for a developer on this machine
 * only (functions/auth/dev-mailbox.ts says who); 404 for everyone else.
 */
export const GET: APIRoute = async (context) => {
  // The Vercel build does not carry the mailbox.
  const mailbox = ON_VERCEL ? undefined : await import('../../../functions/auth/dev-mailbox.ts');
  return mailbox?.mailboxVisibleTo(clientAddressOf(context), context.request.headers.get('host'))
    ? json({ messages: mailbox.mailboxEntries() })
    : apiError(404, 'not_found', 'Not Found');
};
