import type { APIRoute } from 'astro';
import { mailboxEnabled, mailboxEntries } from '../../../functions/auth/mailer.ts';
import { apiError, json } from '../../../functions/http.ts';

/** The dev mailbox as JSON, newest first (embedded mode only; 404 elsewhere). */
export const GET: APIRoute = () =>
  mailboxEnabled() ? json({ messages: mailboxEntries() }) : apiError(404, 'not_found', 'Not Found');
