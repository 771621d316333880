import { GameAdminError } from '../../src/lib/admin/games.server.ts';
import { gamePurgeTarget } from '../../src/lib/admin/games.ts';
import { GAME_IMPORT_MESSAGES, gameImportRequestSchema, parseGameImport } from '../../src/lib/admin/game-import.ts';
import { GameImportStoppedError, importGames, previewGameImport } from '../../src/lib/admin/game-import.server.ts';
import { apiError, json, readJson } from '../http.ts';
import { firstIssue, requireAdmin, type AdminContext } from './context.ts';

/**
 * POST /api/admin/games/import with { csv, confirm }: without confirm, the preview (every
 * line new, already there or in error; nothing written); with confirm, the same checks
 * again on the server and then the new games in short steps, refused as a whole while any
 * line has an error.
 */
export async function handleGameImport(request: Request, context: AdminContext): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const body = gameImportRequestSchema.safeParse(await readJson(request));
  if (!body.success) return apiError(400, 'validation_failed', firstIssue(body.error));
  const parsed = parseGameImport(body.data.csv);
  if (!parsed.ok) return apiError(422, 'invalid_file', parsed.message);
  const preview = await previewGameImport(db, parsed);
  if (!body.data.confirm) return json({ preview });
  if (preview.counts.errors > 0)
    return json(
      { error: { code: 'import_has_errors', message: GAME_IMPORT_MESSAGES.hasErrors }, preview },
      { status: 422 },
    );
  if (preview.counts.newGames === 0)
    return json(
      { error: { code: 'nothing_to_import', message: GAME_IMPORT_MESSAGES.nothingNew }, preview },
      { status: 422 },
    );
  try {
    const result = await importGames(
      db,
      parsed.games,
      adminId,
      `${parsed.formatLabel} CSV, ${parsed.rows.length} rows`,
    );
    await context.purge(gamePurgeTarget(result.created.map((game) => game.slug)));
    return json({ imported: result.created, skipped: result.skipped }, { status: 201 });
  } catch (error) {
    if (error instanceof GameImportStoppedError) {
      await context.purge(gamePurgeTarget(error.created.map((game) => game.slug)));
      return apiError(
        409,
        'import_stopped',
        `${error.created.length} games were imported before this failed: ${error.message} Import the file again to add the rest (the games already in are skipped).`,
      );
    }
    if (error instanceof GameAdminError) return apiError(409, error.code, `Nothing was imported: ${error.message}`);
    throw error;
  }
}
