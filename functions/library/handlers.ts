import type { z } from 'zod';
import { getUserTier } from '../../src/lib/auth/profiles.server.ts';
import { canUseFeature } from '../../src/lib/auth/tiers.ts';
import { listTag, userListsTag } from '../../src/lib/http/cache-rules.ts';
import { getPlayState, getPlayStates, setPlayState } from '../../src/lib/library/play-status.server.ts';
import { emptyPlayState, playStatusChangeSchema } from '../../src/lib/library/play-status.ts';
import { applyImport, previewImport } from '../../src/lib/library/import.server.ts';
import { ImportRunningError, withImportRun } from '../../src/lib/library/import-runs.server.ts';
import { exportLibrary } from '../../src/lib/library/export.server.ts';
import { exportCsvFiles, zipExport } from '../../src/lib/library/export-file.ts';
import { ImportFormatError, type ParsedImport } from '../../src/lib/library/import.ts';
import { fileOf, importApplySchema, importPreviewSchema, parseImport } from '../../src/lib/library/import-file.ts';
import { CUSTOM_LISTS_PLAN_MESSAGE } from '../../src/lib/lists/lists.ts';
import { searchGames } from '../../src/lib/search/search.server.ts';
import { MIN_QUERY, normaliseQuery } from '../../src/lib/search/search.ts';
import { apiError, json } from '../http.ts';
import { answer, idParam, notSignedIn, parse, type LibraryContext } from './requests.ts';

/**
 * The library API: a player's status, flags and notes on each game, the games to add, and
 * the import and export of the whole library. Request in, the shared zod schemas, one call
 * into src/lib, Response out; everything is the signed-in user's own.
 */

/** GET /api/library/{gameId}: the signed-in user's state on one game. */
export async function handleGetPlayState(
  _request: Request,
  context: LibraryContext,
  gameIdParam: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const gameId = idParam(gameIdParam);
  if (!gameId) return apiError(404, 'game_not_found', 'That game is not in the catalogue.');
  return json({ state: await getPlayState(await context.db(), context.user.id, gameId) });
}

/** PUT /api/library/{gameId} with any of status, wishlist, favourite, platformId, hoursPlayed, startedOn, finishedOn, note. */
export async function handleSetPlayState(
  request: Request,
  context: LibraryContext,
  gameIdParam: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const gameId = idParam(gameIdParam);
  if (!gameId) return apiError(404, 'game_not_found', 'That game is not in the catalogue.');
  const parsed = await parse(request, playStatusChangeSchema);
  if ('error' in parsed) return parsed.error;
  const user = context.user;
  return answer(async () => json({ state: await setPlayState(await context.db(), user.id, gameId, parsed.data) }));
}

/** GET /api/library?ids=1,2,3: the signed-in user's state on up to 100 games (game cards of one page). */
export async function handleGetPlayStates(request: Request, context: LibraryContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const ids = (new URL(request.url).searchParams.get('ids') ?? '')
    .split(',')
    .slice(0, 100)
    .map((value) => idParam(value))
    .filter((id): id is number => id !== null);
  const states = await getPlayStates(await context.db(), context.user.id, ids);
  const byId = new Map(states.map((state) => [state.gameId, state]));
  return json({ states: ids.map((id) => byId.get(id) ?? emptyPlayState(id)) });
}

/** GET /api/library/games?q=: catalogue games with their ids, for adding to a list or linking an imported row. */
export async function handleGameLookup(request: Request, context: LibraryContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const query = normaliseQuery(new URL(request.url).searchParams.get('q'));
  if (query.length < MIN_QUERY) return json({ games: [] });
  const page = await searchGames(await context.db(), query, 1);
  return json({
    games: page.items.slice(0, 10).map((game) => ({
      id: game.id,
      slug: game.slug,
      title: game.title,
      releaseDate: game.releaseDate,
      coverImageUrl: game.coverImageUrl,
    })),
  });
}

/** The file of a checked import request, read; a file in the wrong format is a 400 naming what is wrong. */
function readImportFile(data: z.infer<typeof importPreviewSchema>): { file: ParsedImport } | { error: Response } {
  try {
    return { file: parseImport(data.format, fileOf(data)) };
  } catch (error) {
    if (error instanceof ImportFormatError) return { error: apiError(400, 'wrong_format', error.message) };
    throw error;
  }
}

/** A second preview or import while one of the user's own runs is a 409, not a second run. */
async function oneRunAtATime(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ImportRunningError) return apiError(409, 'import_running', error.message);
    throw error;
  }
}

/** POST /api/library/import/preview { format, text | base64 }: matched, fuzzy and unmatched rows; nothing is written. */
export async function handleImportPreview(request: Request, context: LibraryContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const user = context.user;
  const parsed = await parse(request, importPreviewSchema);
  if ('error' in parsed) return parsed.error;
  const result = readImportFile(parsed.data);
  if ('error' in result) return result.error;
  return oneRunAtATime(async () => {
    const db = await context.db();
    const { rows, problems } = await withImportRun(db, user.id, 'preview', (run) =>
      previewImport(db, result.file, run),
    );
    const lists = result.file.lists.map((list) => ({ title: list.title, entries: list.entries.length }));
    if (lists.length > 0 && !canUseFeature(await getUserTier(db, user.id), 'customLists')) {
      problems.push(
        `${lists.length} ${lists.length === 1 ? 'list' : 'lists'} will be left out: ${CUSTOM_LISTS_PLAN_MESSAGE}`,
      );
    }
    // What the wizard shows and links by: the file's own values (notes, dates) stay on the server, which reads the file again on import.
    const shown = rows.map(
      ({ line, title, status, platform, hoursPlayed, lists: on, kind, game, confidence, byAppId }) => ({
        line,
        title,
        status,
        platform,
        hoursPlayed,
        lists: on,
        kind,
        game,
        confidence,
        byAppId,
      }),
    );
    return json({ format: result.file.format, rows: shown, lists, problems });
  });
}

/** POST /api/library/import { format, text | base64, links: { line: gameId } }: fills only what is empty. */
export async function handleImportApply(request: Request, context: LibraryContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const user = context.user;
  const parsed = await parse(request, importApplySchema);
  if ('error' in parsed) return parsed.error;
  const result = readImportFile(parsed.data);
  if ('error' in result) return result.error;
  const links = new Map(Object.entries(parsed.data.links).map(([line, id]) => [Number(line), id]));
  return oneRunAtATime(async () => {
    const db = await context.db();
    const canKeepLists = canUseFeature(await getUserTier(db, user.id), 'customLists');
    const outcome = await withImportRun(db, user.id, 'import', (run) =>
      applyImport(db, user.id, result.file, links, { canKeepLists, run }),
    );
    const { listIds, ...answer } = outcome;
    if (listIds.length > 0) await context.purge({ tags: [userListsTag(user.id), ...listIds.map(listTag)] });
    return json(answer);
  });
}

/** GET /api/library/export.json and export.zip: all of the user's statuses, flags and lists. */
export async function handleExport(
  _request: Request,
  context: LibraryContext,
  kind: 'json' | 'zip',
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const data = await exportLibrary(await context.db(), context.user.id);
  const day = new Date().toISOString().slice(0, 10);
  if (kind === 'json') {
    return json(
      { exportedAt: new Date().toISOString(), ...data },
      { headers: { 'content-disposition': `attachment; filename="critical-hit-library-${day}.json"` } },
    );
  }
  const zip = zipExport(exportCsvFiles(data));
  return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="critical-hit-library-${day}.zip"`,
      'cache-control': 'no-store',
    },
  });
}
