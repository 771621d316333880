import type { APIRoute } from 'astro';
import { clientAddressOf } from '../../../functions/auth/context.ts';
import { mailboxEntries, mailboxVisibleTo } from '../../../functions/auth/dev-mailbox.ts';
import { apiError, json } from '../../../functions/http.ts';

/**
 * The dev mailbox as JSON, newest first: embedded mode, for a developer on this machine
 * only (functions/auth/dev-mailbox.ts says who); 404 for everyone else.
 */
export const GET: APIRoute = (context) =>
  mailboxVisibleTo(clientAddressOf(context), context.request.headers.get('host')) ? json({ messages: mailboxEntries() }) : apiError(404, 'not_found', 'Not Found');
