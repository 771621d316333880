import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TrackedField } from './provenance.ts';

/** Records that an administrator set these fields of a game: a sync leaves them alone from now on. */
export async function markFieldsAdmin(
  trx: Transaction<Database>,
  gameId: number,
  fields: readonly TrackedField[],
): Promise<void> {
  if (fields.length === 0) return;
  await trx
    .insertInto('game_field_sources')
    .values(fields.map((field) => ({ game_id: gameId, field, source: 'admin' })))
    .onConflict((oc) => oc.columns(['game_id', 'field']).doUpdateSet({ source: 'admin', updated_at: new Date() }))
    .execute();
}
