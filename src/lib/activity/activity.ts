import { z } from 'zod';

/**
 * Community activity: what a user did, recorded once in the transaction of the change
 * itself. XP awards, notifications and profile feeds derive from these records, so a
 * feature adds its side effects by recording an event, never by writing to those
 * features' tables directly.
 *
 * A new kind goes here and into `public.activity_kinds` (a migration row); a test keeps
 * the two equal.
 */
export const ACTIVITY_KINDS = [
  'account_confirmed',
  'profile_updated',
  'game_status_set',
  'list_created',
  'list_entry_added',
  'list_liked',
  'review_published',
  'review_voted_helpful',
  'outlet_followed',
  'user_followed',
  'daily_visit',
  'level_up',
  'game_request_resolved',
  'content_hidden',
  'coverage_requested',
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityKindSchema = z.enum(ACTIVITY_KINDS);

/** What an event is about: ('game', '42'), ('list', '17'), ('user_review', '9') ... */
const subjectTypeSchema = z.string().regex(/^[a-z][a-z_]{1,31}$/, 'must be a lower-case word such as game or list');

/** Small, public details only: the column is capped at 2 KB and shown on feeds. */
const activityDataSchema = z
  .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
  .refine((data) => Object.keys(data).length <= 12, 'at most 12 details');

export const newActivitySchema = z.object({
  actorId: z.uuid(),
  kind: activityKindSchema,
  subjectType: subjectTypeSchema,
  subjectId: z.union([z.string().min(1).max(64), z.number().int().transform(String)]),
  targetUserId: z.uuid().nullish(),
  gameId: z.number().int().positive().nullish(),
  data: activityDataSchema.default({}),
  /** False for what nobody else may see: it still feeds XP and notifications. */
  isPublic: z.boolean().default(true),
  /** Same actor, kind and key = the same event, recorded once (see recordActivity). */
  dedupeKey: z.string().min(1).max(200).nullish(),
  /** When it happened, for history written afterwards (the demo community); the transaction's time when omitted. */
  at: z.date().optional(),
});

export type NewActivity = z.input<typeof newActivitySchema>;

export interface ActivityEvent {
  id: string;
  actorId: string;
  kind: ActivityKind;
  subjectType: string;
  subjectId: string;
  targetUserId: string | null;
  gameId: number | null;
  data: Record<string, string | number | boolean | null>;
  isPublic: boolean;
  dedupeKey: string | null;
  createdAt: Date;
}

/**
 * The outcome of recording: `recorded` for a new event, `reinstated` for a once-only
 * event that had been retracted and now holds again, `duplicate` when it was already
 * recorded (subscribers are not called again).
 */
export type RecordOutcome =
  { status: 'recorded' | 'reinstated'; event: ActivityEvent } | { status: 'duplicate'; event: ActivityEvent };
