import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications.ts';

// The API's request schemas, apart from notifications.ts so that the browser bundle (the
// header bell, the notification centre) never loads zod.

export const markReadSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ ids: z.array(z.coerce.bigint().positive().transform(String)).min(1).max(100) }).strict(),
]);

export const preferencesSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      NotificationKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict();
