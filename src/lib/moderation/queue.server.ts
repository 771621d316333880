import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PurgeTarget } from '../http/purge.server.ts';
import { ApplicationError, pendingApplicationItems, resolveApplication } from './applications.server.ts';
import { actOnReview, ContentModerationError, hiddenReviewItems, reportedReviewItems } from './content.server.ts';
import { actOnList, hiddenListItems, reportedListItems } from './list-content.server.ts';
import { actOnAuthorApplication, actOnWindow, authorApplicationItems, flaggedWindowItems } from './flags.server.ts';
import type { ModerationAction, ModerationItem } from './moderation.ts';

/**
 * The kinds of item the moderation queue shows. A feature adds one entry: `list` returns
 * its open items, `hidden` (content kinds) what is hidden now and may be restored, `act`
 * carries out an action inside the transaction the queue opens (recording
 * `content_hidden` with recordActivity when it hides someone's content, so the author is
 * notified with the reason, and writing the audit log) and returns the cached pages to purge.
 */
export interface ModerationKind {
  list(db: Kysely<Database>): Promise<ModerationItem[]>;
  hidden?(db: Kysely<Database>): Promise<ModerationItem[]>;
  act(
    trx: Transaction<Database>,
    input: { adminId: string; id: string; action: ModerationAction; reason: string | undefined },
  ): Promise<PurgeTarget | void>;
}

export class ModerationError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

const asId = (id: string) => {
  if (!/^\d{1,9}$/.test(id)) throw new ModerationError('not_found', 404, 'This item no longer exists.');
  return Number(id);
};

/** A content kind's refusals as the queue's errors. */
const contentAct =
  (act: ModerationKind['act']): ModerationKind['act'] =>
  async (trx, input) => {
    try {
      return await act(trx, input);
    } catch (error) {
      if (!(error instanceof ContentModerationError)) throw error;
      throw new ModerationError(
        error.code,
        error.code === 'not_found' ? 404 : error.code === 'conflict' ? 409 : 400,
        error.message,
      );
    }
  };

export const MODERATION_KINDS: Readonly<Record<string, ModerationKind>> = {
  user_review: { list: reportedReviewItems, hidden: hiddenReviewItems, act: contentAct(actOnReview) },
  user_list: { list: reportedListItems, hidden: hiddenListItems, act: contentAct(actOnList) },
  review_window: { list: flaggedWindowItems, act: contentAct(actOnWindow) },
  author_application: { list: authorApplicationItems, act: contentAct(actOnAuthorApplication) },
  outlet_application: {
    list: pendingApplicationItems,
    async act(trx, { adminId, id, action, reason }) {
      if (action !== 'approve' && action !== 'reject')
        throw new ModerationError('invalid_action', 400, 'An application is approved or rejected.');
      try {
        await resolveApplication(trx, adminId, asId(id), action, reason);
      } catch (error) {
        if (!(error instanceof ApplicationError)) throw error;
        throw new ModerationError(error.code, error.code === 'not_found' ? 404 : 409, error.message);
      }
    },
  },
};

/** Every open item of every kind, oldest first. */
export async function moderationQueue(db: Kysely<Database>): Promise<ModerationItem[]> {
  const lists = await Promise.all(Object.values(MODERATION_KINDS).map((kind) => kind.list(db)));
  return lists.flat().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Hidden content that may be restored, most recently hidden first. */
export async function hiddenContent(db: Kysely<Database>): Promise<ModerationItem[]> {
  const lists = await Promise.all(
    Object.values(MODERATION_KINDS).map((kind) => kind.hidden?.(db) ?? Promise.resolve([])),
  );
  return lists.flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Carries out one action in one transaction; returns the cached pages to purge once it committed. */
export async function moderate(
  db: Kysely<Database>,
  input: { adminId: string; kind: string; id: string; action: ModerationAction; reason: string | undefined },
): Promise<PurgeTarget> {
  const kind = Object.hasOwn(MODERATION_KINDS, input.kind) ? MODERATION_KINDS[input.kind] : undefined;
  if (!kind) throw new ModerationError('not_found', 404, 'This item no longer exists.');
  return (await db.transaction().execute((trx) => kind.act(trx, input))) ?? {};
}
