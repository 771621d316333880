import type { ActivitySubscriber } from './activity.server.ts';
import { notifySubscriber } from './notify.subscriber.server.ts';
import { xpSubscriber } from './xp.subscriber.server.ts';

/**
 * Everything that derives from recorded activity, in the order it runs, inside the
 * transaction of the change: a subscriber that throws rolls the change back too.
 * Features that turn events into something (XP awards, notifications) add their
 * subscriber here; recording an event never needs to know who listens.
 */
export const ACTIVITY_SUBSCRIBERS: readonly ActivitySubscriber[] = [xpSubscriber, notifySubscriber];
