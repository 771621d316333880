// The IGDB catalogue sync from the command line:
//   npm run igdb -- sync [--pages N] | update [--pages N] | covers [--count N] | status
// `sync` runs (or resumes) the full sync page by page until IGDB has no more games, or for N
// pages; stopped with Ctrl-C, the next `sync` continues after the last page written. `update`
// runs an incremental sync (what IGDB changed since the last finished run, then a share of the
// catalogue's IGDB ids checked for removed records); it needs a full sync to have finished.
// A run under way or failed is taken up again whichever is asked. `covers` copies the IGDB
// covers not copied yet into the site's storage (all, or N games), in steps; a failed
// download is tried again by a later run, a few times at most.
// Acts on the database the environment describes (PGlite under PGLITE_DIR, or DATABASE_URL).
// Stop the server first when it uses the embedded database (one process owns a PGlite directory).
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { parseEnv } from '../src/lib/config/env.ts';
import { openPostgres } from '../src/lib/db/connect.server.ts';
import { openPglite } from '../src/lib/db/pglite.server.ts';
import { IGDB_NOT_CONFIGURED, parseIgdbCommand } from '../src/lib/igdb/command.ts';
import { coverFetchOptions } from '../src/lib/admin/cover.server.ts';
import { igdbClientFromEnv } from '../src/lib/igdb/config.server.ts';
import { SyncNotReadyError } from '../src/lib/igdb/runs.server.ts';
import { COVER_COPY_DEFAULT_COUNT } from '../src/lib/igdb/covers.ts';
import { copyIgdbCovers } from '../src/lib/igdb/covers.server.ts';
import { serviceStorageClient } from '../functions/storage/service-client.ts';
import { runFullSync } from '../src/lib/igdb/sync.server.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const command = parseIgdbCommand(process.argv.slice(2));
  if ('error' in command) {
    console.error(command.error);
    process.exitCode = 1;
    return;
  }
  const env = parseEnv(process.env, { purpose: 'database-command' });
  const igdb = igdbClientFromEnv(env);
  if (command.command !== 'status' && !igdb) {
    console.error(IGDB_NOT_CONFIGURED);
    process.exitCode = 1;
    return;
  }
  const connection = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openPglite(env.PGLITE_DIR);
  try {
    if (command.command === 'covers') {
      const supabase = await serviceStorageClient(env, connection.db);
      if (!supabase) {
        console.error(
          "Storage cannot be written from here: set SUPABASE_SECRET_KEY (the project's secret key) to copy covers.",
        );
        process.exitCode = 1;
        return;
      }
      let remaining = command.count ?? Number.POSITIVE_INFINITY;
      const total = { copied: 0, failed: 0 };
      while (remaining > 0) {
        const step = await copyIgdbCovers(connection.db, supabase, {
          count: Math.min(remaining, COVER_COPY_DEFAULT_COUNT),
          imageBaseUrl: env.IGDB_IMAGE_URL,
          fetchOptions: coverFetchOptions({ allowedAddresses: env.IMAGE_IMPORT_ALLOWED_ADDRESSES }),
          log: (line) => console.error(line),
        });
        total.copied += step.copied;
        total.failed += step.failed;
        if (step.copied + step.failed === 0) break;
        remaining -= step.copied + step.failed + step.skipped;
        console.log(`${total.copied} covers copied, ${total.failed} failed so far`);
      }
      console.log(`Done: ${total.copied} covers copied into storage, ${total.failed} failed (tried again later).`);
    } else if (command.command === 'status') {
      const runs = await connection.db
        .selectFrom('igdb_sync_runs')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(5)
        .execute();
      if (runs.length === 0) console.log('No IGDB sync has run yet.');
      for (const run of runs) {
        console.log(
          `#${run.id} ${run.kind} ${run.status} after IGDB id ${run.cursor}: ${run.pages} pages, ${run.created} created, ${run.updated} updated, ${run.queued} queued, ${run.skipped} skipped, ${run.removed} removed${run.error ? ` (${run.error})` : ''}`,
        );
      }
      const pending = await connection.db
        .selectFrom('igdb_match_reviews')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      console.log(`${pending.n} uncertain matches wait for an administrator.`);
      const covers = await connection.db
        .selectFrom('games')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('cover_image_url', 'like', 'https://images.igdb.com/igdb/image/upload/%')
        .executeTakeFirstOrThrow();
      const copies = await connection.db
        .selectFrom('igdb_cover_copies')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .execute();
      const copied = copies.find((row) => row.status === 'copied')?.n ?? '0';
      const failed = copies.find((row) => row.status === 'failed')?.n ?? '0';
      console.log(`Covers: ${copied} copied into storage, ${covers.n} still on IGDB's CDN (${failed} failed so far).`);
      if (!igdb) console.log(IGDB_NOT_CONFIGURED);
    } else if (igdb) {
      const run = await runFullSync(connection.db, igdb, {
        kind: command.command === 'update' ? 'incremental' : 'full',
        maxPages: command.maxPages,
        onPage: (page) =>
          console.log(
            `page ${page.pages}: up to IGDB id ${page.cursor}, ${page.created} created, ${page.updated} updated`,
          ),
      });
      console.log(
        run.status === 'finished'
          ? `The ${run.kind} sync is complete: ${run.created} games created, ${run.updated} updated, ${run.queued} queued for review, ${run.removed} removed from IGDB.`
          : `Stopped after IGDB id ${run.cursor}; run the command again to continue.`,
      );
    }
  } catch (error) {
    if (!(error instanceof SyncNotReadyError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

await main();
