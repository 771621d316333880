import type { Kysely } from 'kysely';
import { getUserTier } from '../../src/lib/auth/profiles.server.ts';
import { canUseFeature } from '../../src/lib/auth/tiers.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { listTag, userListsTag } from '../../src/lib/http/cache-rules.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { setPlayState } from '../../src/lib/library/play-status.server.ts';
import { playStatusChangeSchema, type PlayStatusChange } from '../../src/lib/library/play-status.ts';
import type { AddGameOutcome } from '../../src/lib/library/add-game.server.ts';
import { ListError, listsWithGame } from '../../src/lib/lists/lists.server.ts';
import { addEntry, removeEntry } from '../../src/lib/lists/list-writes.server.ts';

/**
 * The /add-game/{slug} form, posted without JavaScript: every field of the user's row for
 * the game, plus the custom lists it should be on. Returns the message the page shows.
 */

const blankToNull = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The form's fields as a change (each field present: the form shows them all). */
export function formToChange(form: FormData): { change?: PlayStatusChange; error?: string } {
  const hours = blankToNull(form.get('hoursPlayed'));
  const platform = blankToNull(form.get('platformId'));
  const parsed = playStatusChangeSchema.safeParse({
    status: blankToNull(form.get('status')),
    wishlist: form.get('wishlist') === 'on',
    favourite: form.get('favourite') === 'on',
    platformId: platform === null ? null : Number(platform),
    hoursPlayed: hours === null ? null : Number(hours.replace(',', '.')),
    startedOn: blankToNull(form.get('startedOn')),
    finishedOn: blankToNull(form.get('finishedOn')),
    note: blankToNull(form.get('note')),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'The form has a value that cannot be used.' };
  if (
    parsed.data.hoursPlayed !== undefined &&
    parsed.data.hoursPlayed !== null &&
    Number.isNaN(parsed.data.hoursPlayed)
  )
    return { error: 'Hours played must be a number.' };
  if (parsed.data.startedOn && parsed.data.finishedOn && parsed.data.finishedOn < parsed.data.startedOn)
    return { error: 'The finish date cannot be before the start date.' };
  return { change: parsed.data };
}

export async function handleAddGameForm(
  request: Request,
  context: { userId: string; db: Kysely<Database>; purge: Purge },
  gameId: number,
): Promise<AddGameOutcome> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, message: 'The form could not be read. Please try again.' };
  }
  const { change, error } = formToChange(form);
  if (!change) return { ok: false, message: error ?? 'The form has a value that cannot be used.' };
  await setPlayState(context.db, context.userId, gameId, change);

  const wanted = new Set(form.getAll('lists').map(String));
  const tier = await getUserTier(context.db, context.userId);
  const lists = await listsWithGame(context.db, context.userId, gameId);
  const changed = lists.filter((list) => list.hasGame !== wanted.has(String(list.id)));
  if (changed.length > 0 && !canUseFeature(tier, 'customLists')) {
    return {
      ok: false,
      message: 'Your status is saved, but your lists were not changed: custom lists are part of the Ad-Free plan.',
    };
  }
  try {
    for (const list of changed) {
      if (list.hasGame) await removeEntry(context.db, context.userId, tier, list.id, gameId);
      else await addEntry(context.db, context.userId, tier, list.id, gameId, null);
    }
  } catch (failure) {
    if (failure instanceof ListError)
      return { ok: false, message: `Your status is saved, but a list was not changed: ${failure.message}` };
    throw failure;
  }
  if (changed.length > 0)
    await context.purge({ tags: [...changed.map((list) => listTag(list.id)), userListsTag(context.userId)] });
  return { ok: true, message: 'Saved.' };
}
