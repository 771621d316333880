import { z } from 'zod';

/**
 * The moderation queue is one list fed by kinds of items: each feature that has something
 * to moderate (outlet applications here; reported user reviews, reported lists and
 * review-bomb windows from their features) registers a kind in queue.server.ts with how to
 * list its open items and how to carry out an action on one. The queue page and the API
 * know nothing of the kinds themselves.
 */

export const MODERATION_ACTIONS = ['approve', 'reject', 'hide', 'restore', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationActionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, 'Choose an action.'),
  reason: z.string().trim().max(1000, 'A reason has at most 1000 characters.').optional(),
});

/** One open item as the queue shows it. */
export interface ModerationItem {
  kind: string;
  id: string;
  title: string;
  /** Context lines (who, what, links). */
  details: { label: string; value: string; href?: string | undefined }[];
  createdAt: Date;
  actions: readonly ModerationAction[];
  /** Actions that need a reason (the author is told it). */
  reasonRequired: readonly ModerationAction[];
}

export const KIND_PATTERN = /^[a-z][a-z_]{1,31}$/;
