import { z } from 'zod';

/**
 * The admin area: which paths belong to it, and the shapes of the audit log. Everything
 * under /admin and /api/admin, and the pages of the admin actions on game requests,
 * answers 404 to anyone who is not an administrator (the pages do not advertise
 * themselves). The /games/request/similar pages are every member's (they add the admin
 * queue for administrators).
 */

const ADMIN_PATHS = [
  /^\/admin(\/.*)?$/,
  /^\/api\/admin(\/.*)?$/,
  /^\/games\/request\/(approve|reject|duplicate)(\/.*)?$/,
];

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATHS.some((pattern) => pattern.test(pathname));
}

export const adminCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('grant'), email: z.email().max(320) }),
  z.object({ command: z.literal('revoke'), email: z.email().max(320) }),
  z.object({ command: z.literal('list') }),
]);
export type AdminCommand = z.infer<typeof adminCommandSchema>;

/** Parses `npm run admin -- grant {email}` / `revoke {email}` / `list`. */
export function parseAdminCommand(args: readonly string[]): AdminCommand | { error: string } {
  const [command, email] = args;
  const parsed = adminCommandSchema.safeParse({ command, email: email?.trim().toLowerCase() });
  if (parsed.success) return parsed.data;
  if (command === 'grant' || command === 'revoke')
    return { error: `Usage: npm run admin -- ${command} {email} (a valid email address)` };
  return { error: 'Usage: npm run admin -- grant {email} | revoke {email} | list' };
}

/** What an audit entry records; before/after are the changed record's fields. */
export interface AuditEntry {
  /** Null when the server acted on its own (the IGDB sync). */
  adminId: string | null;
  action: string;
  subjectType: string;
  subjectId: string | number;
  before?: unknown;
  after?: unknown;
}
