import { z } from 'zod';

/** Game requests: what a signed-in user may ask for, and how an administrator resolves it. */

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'duplicate'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Titles at least this similar (pg_trgm similarity, 0..1) are shown as "Is it one of these?". */
export const SIMILARITY_THRESHOLD = 0.3;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .optional()
    .transform((value) => value || null);

export const requestInputSchema = z.object({
  title: z.string().trim().min(1, 'Enter the title of the game.').max(200, 'A title has at most 200 characters.'),
  platforms: z.array(z.string().trim().min(1).max(60)).max(20, 'At most 20 platforms.').default([]),
  releaseDate: z.iso
    .date('Use a date as YYYY-MM-DD.')
    .or(z.literal(''))
    .optional()
    .transform((value) => value || null),
  developer: optionalText(200, 'A developer'),
  publisher: optionalText(200, 'A publisher'),
  officialUrl: z
    .string()
    .trim()
    .max(500, 'A link has at most 500 characters.')
    .refine(
      (value) => value === '' || /^https?:\/\/[^\s]+$/.test(value),
      'Enter a link that starts with http:// or https://.',
    )
    .optional()
    .transform((value) => value || null),
  reason: optionalText(1000, 'A reason'),
});
export type RequestInput = z.output<typeof requestInputSchema>;

export const resolveInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({
    action: z.literal('reject'),
    reason: z.string().trim().min(1, 'Say why the request is rejected.').max(1000),
  }),
  z
    .object({
      action: z.literal('duplicate'),
      gameSlug: z.string().trim().max(120).optional(),
      requestId: z.coerce.number().int().positive().optional(),
    })
    .refine(
      (value) => Boolean(value.gameSlug) !== Boolean(value.requestId),
      'Choose the game or the request it duplicates.',
    ),
]);
export type ResolveInput = z.output<typeof resolveInputSchema>;

export const similarQuerySchema = z.object({ title: z.string().trim().min(2).max(200) });

/**
 * Who may open a request's own page: administrators, its requester, and every signed-in
 * member while it is pending or approved (the requests the public list and the lookups
 * already show). A rejected or duplicate request of someone else is not found.
 */
export function requestVisibleTo(
  request: { status: RequestStatus; requesterId: string },
  viewer: { id: string; admin: boolean },
): boolean {
  return (
    viewer.admin || request.requesterId === viewer.id || request.status === 'pending' || request.status === 'approved'
  );
}

/** The admin actions on a pending request, each with its own page (/games/request/{action}?id=). */
export const ADMIN_REQUEST_ACTIONS = { approve: 'Approve', reject: 'Reject', duplicate: 'Mark as duplicate' } as const;
export type AdminRequestAction = keyof typeof ADMIN_REQUEST_ACTIONS;

export function isAdminRequestAction(value: string | undefined): value is AdminRequestAction {
  return value !== undefined && Object.hasOwn(ADMIN_REQUEST_ACTIONS, value);
}

/** The page of one admin action on request `id`. */
export const adminActionHref = (action: AdminRequestAction, id: number) => `/games/request/${action}?id=${id}`;

export const requestIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export function statusLabel(status: RequestStatus): string {
  return { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', duplicate: 'Duplicate' }[status];
}

/** Games and requests whose titles look like a given title (requests.server.ts finds them). */
export interface SimilarMatches {
  games: { slug: string; title: string; releaseDate: string | null; similarity: number }[];
  requests: { id: number; title: string; status: RequestStatus; similarity: number }[];
}

/** What the request form shows when editing. */
export interface RequestFormValues {
  title: string;
  platforms: string[];
  releaseDate: string | null;
  developer: string | null;
  publisher: string | null;
  officialUrl: string | null;
  reason: string | null;
}

/** A request as pages show it (requests.server.ts loads it). */
export interface GameRequestView extends RequestFormValues {
  id: number;
  status: RequestStatus;
  votes: number;
  requester: string | null;
  gameSlug: string | null;
}
