import { z } from 'zod';
import { platformSlugSchema } from '../games/facets.ts';
import { gameSlugSchema, slugField } from '../games/slug.ts';
import { isTimeZone } from '../format/zoned-time.ts';
import { isValidRawScore, SCORE_SCALES, type ScoreScale } from '../scores/scores.ts';

/**
 * Managing an outlet: who may do what (owners manage everything; authors write their own
 * drafts and publish them only when the outlet allows it), the forms' schemas (every field
 * bounded), and the statuses a review goes through (draft, scheduled under embargo,
 * published). The queries are in manage.server.ts, drafts.server.ts and tokens.server.ts.
 */

export type OutletRole = 'owner' | 'author';

export interface OutletAccess {
  outlet: { id: number; slug: string; name: string; scale: ScoreScale; threshold: number; authorsCanPublish: boolean };
  role: OutletRole;
  /** The author record linked to the user for this outlet (authors, and owners who also write). */
  authorId: number | null;
}

export const MANAGE_MESSAGES = {
  notSignedIn: 'Sign in to manage an outlet.',
  noOutlet: 'No such outlet.',
  noAccess: 'You do not have access to this outlet.',
  ownersOnly: "Only an outlet's owner can do this.",
  notYourDraft: 'Authors can only change their own drafts.',
  authorsCannotPublish: "This outlet's owners publish reviews: ask one of them to publish your draft.",
  noDraft: 'No such draft.',
  noReview: 'No such review.',
  noGame: 'No such game.',
  unknownPlatform: 'Unknown platform.',
  noAuthor: 'No such author at this outlet.',
  chooseGame: 'Choose a game.',
  choosePlatform: 'Choose a platform, or none.',
  excerptTooLong: 'The excerpt is at most 600 characters.',
  headlineTooLong: 'The headline is at most 200 characters.',
  verdictTooLong: 'The verdict is at most 140 characters.',
  urlInvalid: 'Enter a full http:// or https:// address.',
  publishAtInvalid: 'Give the publish time as a date and time.',
  timeZoneInvalid: 'Choose a time zone.',
  emailInvalid: 'Enter a valid email address.',
  nameInvalid: 'Enter a name of 1 to 100 characters.',
  descriptionTooLong: 'The description is at most 2000 characters.',
  thresholdInvalid: 'The recommendation threshold is a whole number from 0 to 100.',
  alreadyAuthor: 'This person already writes for the outlet.',
  invalid: 'Invalid request.',
} as const;

export const EXCERPT_LIMIT = 600;
export const HEADLINE_LIMIT = 200;
export const VERDICT_LIMIT = 140;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value));

const httpUrl = z
  .string()
  .trim()
  .max(500, MANAGE_MESSAGES.urlInvalid)
  .refine(
    (value) => value === '' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
    MANAGE_MESSAGES.urlInvalid,
  )
  .nullable()
  .default(null)
  .transform((value) => (value === '' ? null : value));

/** An IANA zone name as Intl knows it. */
export const timeZoneSchema = z
  .string()
  .max(64, MANAGE_MESSAGES.timeZoneInvalid)
  .refine(isTimeZone, MANAGE_MESSAGES.timeZoneInvalid);

/** A draft as the editor sends it. The publish time is an ISO instant (the browser converts the local time). */
export const draftInputSchema = z.object({
  outlet: z.string().max(80),
  game: slugField(gameSlugSchema, MANAGE_MESSAGES.chooseGame),
  kind: z.enum(['review', 'preview']).default('review'),
  rawScore: optionalText(5, 'Enter a score on the outlet scale.'),
  recommended: z.boolean().nullable().default(null),
  verdict: optionalText(VERDICT_LIMIT, MANAGE_MESSAGES.verdictTooLong),
  headline: optionalText(HEADLINE_LIMIT, MANAGE_MESSAGES.headlineTooLong),
  excerpt: optionalText(EXCERPT_LIMIT, MANAGE_MESSAGES.excerptTooLong),
  url: httpUrl,
  platform: slugField(platformSlugSchema, MANAGE_MESSAGES.choosePlatform).nullable().default(null),
  authorId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  publishAt: z
    .string()
    .max(40, MANAGE_MESSAGES.publishAtInvalid)
    .pipe(z.iso.datetime({ offset: true, error: MANAGE_MESSAGES.publishAtInvalid }))
    .nullable()
    .default(null),
  timeZone: timeZoneSchema.nullable().default(null),
});
export type DraftInput = z.output<typeof draftInputSchema>;

/** Publishing a draft: now, or at a later time (an embargo). */
export const publishSchema = z.object({
  publishAt: z
    .string()
    .max(40, MANAGE_MESSAGES.publishAtInvalid)
    .pipe(z.iso.datetime({ offset: true, error: MANAGE_MESSAGES.publishAtInvalid }))
    .nullable()
    .default(null),
  timeZone: timeZoneSchema.nullable().default(null),
});

export const outletSettingsSchema = z.object({
  name: z.string().trim().min(1, MANAGE_MESSAGES.nameInvalid).max(100, MANAGE_MESSAGES.nameInvalid),
  website: httpUrl,
  description: z.string().trim().max(2000, MANAGE_MESSAGES.descriptionTooLong).default(''),
  scale: z.enum(SCORE_SCALES),
  threshold: z
    .number()
    .int(MANAGE_MESSAGES.thresholdInvalid)
    .min(0, MANAGE_MESSAGES.thresholdInvalid)
    .max(100, MANAGE_MESSAGES.thresholdInvalid),
  authorsCanPublish: z.boolean(),
});
export type OutletSettings = z.output<typeof outletSettingsSchema>;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, MANAGE_MESSAGES.emailInvalid)
  .pipe(z.email({ error: MANAGE_MESSAGES.emailInvalid }));

export const inviteSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, MANAGE_MESSAGES.nameInvalid).max(100, MANAGE_MESSAGES.nameInvalid),
});

export const applicationSchema = z.object({
  outlet: z.string().trim().min(1, 'Choose an outlet.').max(80, 'Choose an outlet.'),
  name: z.string().trim().min(1, MANAGE_MESSAGES.nameInvalid).max(100, MANAGE_MESSAGES.nameInvalid),
  message: z.string().trim().max(1000, 'The message is at most 1000 characters.').default(''),
});

export const authorProfileSchema = z.object({
  name: z.string().trim().min(1, MANAGE_MESSAGES.nameInvalid).max(100, MANAGE_MESSAGES.nameInvalid),
  bio: z.string().trim().max(500, 'The bio is at most 500 characters.').default(''),
  links: z
    .array(
      z
        .string()
        .trim()
        .max(500)
        .refine(
          (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
          MANAGE_MESSAGES.urlInvalid,
        ),
    )
    .max(5, 'At most 5 links.')
    .default([]),
  contactEmail: emailSchema.nullable().default(null),
});

/** The status of a review as the outlet sees it. */
export type ReviewStatus = 'draft' | 'scheduled' | 'published';

export function reviewStatus(publishedAt: Date | null, now: Date): ReviewStatus {
  if (publishedAt === null) return 'draft';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export const STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled (embargo)',
  published: 'Published',
};

/** May this role publish (or schedule, unpublish) reviews at this outlet? */
export function canPublish(access: Pick<OutletAccess, 'role' | 'outlet'>): boolean {
  return access.role === 'owner' || access.outlet.authorsCanPublish;
}

/** May this role change this draft or review (owners: all; authors: their own)? */
export function canEdit(access: Pick<OutletAccess, 'role' | 'authorId'>, authorId: number | null): boolean {
  return access.role === 'owner' || (access.authorId !== null && access.authorId === authorId);
}

/** The score rule for a review on the outlet's scale; the message says what to fix. */
export function draftScoreProblem(
  scale: ScoreScale,
  draft: { kind: 'review' | 'preview'; rawScore: string | null; recommended: boolean | null },
): string | undefined {
  if (draft.kind === 'preview') return draft.rawScore === null ? undefined : 'Previews have no score.';
  if (draft.rawScore === null)
    return draft.recommended === null
      ? 'An unscored review needs a verdict: say whether it recommends the game.'
      : undefined;
  if (scale === 'unscored') return 'This outlet does not give scores: leave the score empty and give a verdict.';
  return isValidRawScore(scale, draft.rawScore)
    ? undefined
    : `“${draft.rawScore}” is not a score on this outlet's scale.`;
}

/** Invitation, link and verification links live 7 days. */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export type TokenPurpose = 'invite' | 'link' | 'verify';
/** Tokens are 32 random bytes as base64url (43 characters). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export type TokenState = 'valid' | 'used' | 'expired' | 'revoked' | 'unknown';

export function tokenState(
  row: { used_at: Date | null; revoked_at: Date | null; expires_at: Date } | undefined,
  now: Date,
): TokenState {
  if (!row) return 'unknown';
  if (row.revoked_at) return 'revoked';
  if (row.used_at) return 'used';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export const TOKEN_STATE_MESSAGES: Readonly<Record<Exclude<TokenState, 'valid'>, { title: string; text: string }>> = {
  used: {
    title: 'This link has already been used',
    text: 'Each link works once. If it was not you who used it, ask the outlet for a new one.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Links are valid for 7 days. Ask the outlet to send you a new one.',
  },
  revoked: {
    title: 'This link was withdrawn',
    text: 'The outlet revoked it. Ask them for a new one if you still need it.',
  },
  unknown: {
    title: 'This link is not valid',
    text: 'It may have been mistyped or cut short. Open the link from the email again, or ask the outlet for a new one.',
  },
};

export { CURRENT_OUTLET_COOKIE } from './current-outlet.ts';
export { instantToZonedTime, zonedTimeToInstant } from '../format/zoned-time.ts';

export interface ManagedReview {
  /** `d{id}` for a draft, `r{id}` for a scheduled or published review. */
  key: string;
  id: string;
  status: ReviewStatus;
  kind: 'review' | 'preview';
  gameTitle: string;
  gameSlug: string;
  authorId: number | null;
  authorName: string | null;
  rawScore: string | null;
  scale: ScoreScale;
  recommended: boolean | null;
  headline: string | null;
  verdict: string | null;
  excerpt: string | null;
  url: string | null;
  platform: string | null;
  publishAt: Date | null;
  timeZone: string | null;
  updatedAt: Date;
  scoreUpdatedAt: Date | null;
}

export interface AuditEntry {
  id: string;
  at: Date;
  actor: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

export interface EditorOptions {
  platforms: { slug: string; name: string }[];
  authors: { id: number; name: string }[];
}
