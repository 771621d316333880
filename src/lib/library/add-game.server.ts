import type { AstroGlobal } from 'astro';
import { getDb } from '../db/db.server.ts';
import { invalidRouteParams, notFound } from '../http/errors.ts';
import { getGameBySlug } from '../games/games.server.ts';
import { gameSlugSchema } from '../games/slug.ts';
import type { GameDetail } from '../games/games.ts';
import { listsWithGame, type ListSummary } from '../lists/lists.server.ts';
import { getPlayState } from './play-status.server.ts';
import type { PlayState } from './play-status.ts';

/** What a posted form did: the message the page shows. */
export type AddGameOutcome = { ok: boolean; message: string };

export interface AddGamePage {
  game: GameDetail;
  state: PlayState;
  platforms: { id: number; name: string }[];
  lists: (ListSummary & { hasGame: boolean })[];
  outcome: AddGameOutcome | null;
}

/** /add-game/{slug}: the form's data, after applying a posted form (a plain POST works without JavaScript). */
export async function loadAddGame(
  astro: AstroGlobal,
  applyForm: (gameId: number) => Promise<AddGameOutcome>,
): Promise<AddGamePage | Response> {
  const slug = gameSlugSchema.safeParse(astro.params.slug);
  if (!slug.success) return invalidRouteParams(astro);
  const db = await getDb();
  const game = await getGameBySlug(db, slug.data);
  if (!game) return notFound(astro);
  const userId = astro.locals.user!.id;
  let outcome: AddGameOutcome | null = null;
  if (astro.request.method === 'POST') {
    outcome = await applyForm(game.id);
    if (!outcome.ok) astro.response.status = 400;
  } else if (astro.url.searchParams.get('saved') === '1') {
    outcome = { ok: true, message: 'Saved.' };
  }
  const [state, platforms, lists] = await Promise.all([
    getPlayState(db, userId, game.id),
    db
      .selectFrom('platforms')
      .innerJoin('game_platforms', 'game_platforms.platform_id', 'platforms.id')
      .select(['platforms.id', 'platforms.name'])
      .where('game_platforms.game_id', '=', game.id)
      .orderBy('platforms.name')
      .execute(),
    listsWithGame(db, userId, game.id),
  ]);
  return { game, state, platforms, lists, outcome };
}
