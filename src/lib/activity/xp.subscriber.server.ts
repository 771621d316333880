import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { awardXp, awardXpMany, reverseXp, type Award } from '../xp/xp.server.ts';
import { LEVELS, LIST_XP_MIN_GAMES, type XpKind } from '../xp/xp.ts';
import type { ActivityEvent } from './activity.ts';
import type { ActivitySubscriber } from './activity.server.ts';

type Trx = Transaction<Database>;
type Earned = Omit<Award, 'at'>;

/**
 * The XP an event earns: who gets it, for what and from which source. Nothing a user does
 * to their own content earns them anything (target = actor earns nothing).
 */
export function awardsFor(event: ActivityEvent): Earned[] {
  const { actorId: user, subjectId: id } = event;
  const own = (kind: XpKind, source: string): Earned[] => [{ userId: user, kind, source }];
  const received = (kind: XpKind, source: string): Earned[] =>
    event.targetUserId && event.targetUserId !== user ? [{ userId: event.targetUserId, kind, source }] : [];
  switch (event.kind) {
    case 'account_confirmed':
      return own('account_confirmed', 'account');
    case 'profile_updated':
      return event.data.hasAvatar === true && event.data.hasBio === true ? own('profile_completed', 'profile') : [];
    case 'game_status_set': {
      const awards = event.data.status ? own('first_status', `game:${id}`) : [];
      return event.data.status === 'completed' ? [...awards, ...own('game_completed', `game:${id}`)] : awards;
    }
    case 'list_entry_added':
      return Number(event.data.count) >= LIST_XP_MIN_GAMES ? own('list_created', `list:${id}`) : [];
    case 'list_liked':
      return received('list_like_received', `list:${id}:by:${user}`);
    case 'review_published':
      return own('review_published', `review:${id}`);
    case 'review_voted_helpful':
      return received('helpful_vote_received', `review:${id}:by:${user}`);
    case 'outlet_followed':
      return own('outlet_followed', `outlet:${id}`);
    case 'daily_visit':
      return own('daily_visit', `day:${id}`);
    default:
      return [];
  }
}

/** What a retraction takes back: the awards the event gave (a deleted list's creation award too). */
function reversalsFor(event: ActivityEvent): Earned[] {
  if (event.kind === 'list_created')
    return [{ userId: event.actorId, kind: 'list_created', source: `list:${event.subjectId}` }];
  return awardsFor(event);
}

async function announceLevel(trx: Trx, userId: string, level: number, at: Date) {
  const reached = LEVELS[level - 1]!;
  // Imported when needed: activity.server.ts imports this subscriber through the list.
  const { recordActivity } = await import('./activity.server.ts');
  await recordActivity(trx, {
    actorId: userId,
    kind: 'level_up',
    subjectType: 'level',
    subjectId: String(level),
    data: { level, name: reached.name },
    dedupeKey: `level:${level}`,
    at,
  });
}

export const xpSubscriber: ActivitySubscriber = {
  name: 'xp',
  kinds: 'all',
  async onRecorded(trx, event, status) {
    // A reinstated once-only event (a like given again) was already counted once.
    if (status !== 'recorded') return;
    for (const award of awardsFor(event)) {
      const outcome = await awardXp(trx, { ...award, at: event.createdAt });
      if (outcome.status === 'awarded' && outcome.level > outcome.previousLevel)
        await announceLevel(trx, award.userId, outcome.level, event.createdAt);
    }
  },
  async onRecordedMany(trx, events) {
    const awards = events.flatMap((event) => awardsFor(event).map((award) => ({ ...award, at: event.createdAt })));
    const outcomes = await awardXpMany(trx, awards);
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'awarded' && outcome.level > outcome.previousLevel)
        await announceLevel(trx, awards[i]!.userId, outcome.level, awards[i]!.at);
    }
  },
  async onRetracted(trx, event) {
    for (const award of reversalsFor(event)) await reverseXp(trx, award);
  },
};
