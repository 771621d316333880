import { sql, type Kysely } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import type { Database } from '../db/schema.ts';
import { bestMatch, type ImportRow, type MatchCandidate, type MatchKind, type ParsedImport } from './import.ts';

type Db = Kysely<Database>;

export interface PreviewRow extends ImportRow {
  kind: MatchKind;
  game: MatchCandidate | null;
  confidence: number;
}

/**
 * Matches every row of a parsed file against the catalogue in one query (trigram
 * candidates per title, best three), then picks with the same rule the tests pin down.
 * Nothing is written.
 */
export async function previewImport(db: Db, parsed: ParsedImport): Promise<PreviewRow[]> {
  if (parsed.rows.length === 0) return [];
  const titles = parsed.rows.map((row) => row.title.toLowerCase());
  const result = await sql<{ ord: number; id: number; title: string; slug: string }>`
    select t.ord::int as ord, c.id, c.title, c.slug
    from unnest(${sql.val(titles)}::text[]) with ordinality as t(title, ord)
    cross join lateral (
      select g.id, g.title, g.slug from public.games g
      where lower(g.title) operator(extensions.%) t.title or lower(g.title) = t.title
      order by extensions.similarity(lower(g.title), t.title) desc, g.id
      limit 3
    ) c`.execute(db);
  const candidates = new Map<number, MatchCandidate[]>();
  for (const row of result.rows) {
    const list = candidates.get(row.ord) ?? [];
    list.push({ id: row.id, title: row.title, slug: row.slug });
    candidates.set(row.ord, list);
  }
  return parsed.rows.map((row, index) => ({ ...row, ...bestMatch(row.title, candidates.get(index + 1) ?? []) }));
}

/**
 * Writes the linked rows. Only empty fields are filled: a status, date, hours or note the
 * user already has is never overwritten, so importing the same file twice changes
 * nothing. Returns how many games gained something.
 */
export async function applyImport(db: Db, userId: string, rows: readonly ImportRow[], links: ReadonlyMap<number, number>): Promise<{ changed: number; skipped: number }> {
  return db.transaction().execute(async (trx) => {
    let changed = 0;
    let skipped = 0;
    const seen = new Set<number>();
    for (const row of rows) {
      const gameId = links.get(row.line);
      if (!gameId || seen.has(gameId)) {
        skipped += 1;
        continue;
      }
      seen.add(gameId);
      const game = await trx.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
      if (!game) {
        skipped += 1;
        continue;
      }
      const existing = await trx.selectFrom('user_games').selectAll().where('user_id', '=', userId).where('game_id', '=', gameId).forUpdate().executeTakeFirst();
      const next = {
        status: existing?.status ?? row.status,
        hours_played: existing?.hours_played ?? (row.hoursPlayed === null ? null : String(row.hoursPlayed)),
        started_on: existing?.started_on ?? row.startedOn,
        finished_on: existing?.finished_on ?? row.finishedOn,
        note: existing?.note ?? row.note,
      };
      // Dates from the file that would contradict the user's own are left out.
      if (next.started_on && next.finished_on && next.finished_on < next.started_on) {
        next.started_on = existing?.started_on ?? null;
        next.finished_on = existing?.finished_on ?? null;
      }
      const same =
        existing &&
        existing.status === next.status &&
        existing.hours_played === next.hours_played &&
        existing.started_on === next.started_on &&
        existing.finished_on === next.finished_on &&
        existing.note === next.note;
      if (same || (!existing && Object.values(next).every((value) => value === null))) continue;
      await trx
        .insertInto('user_games')
        .values({ user_id: userId, game_id: gameId, ...next })
        .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet(next))
        .execute();
      if (next.status && next.status !== (existing?.status ?? null)) {
        // Imported statuses feed XP like any other, but stay off public feeds: hundreds at once would drown them.
        await recordActivity(trx, {
          actorId: userId,
          kind: 'game_status_set',
          subjectType: 'game',
          subjectId: gameId,
          gameId,
          data: { status: next.status, previous: existing?.status ?? null },
          isPublic: false,
        });
      }
      changed += 1;
    }
    return { changed, skipped };
  });
}
