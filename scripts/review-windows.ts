// Review-bomb windows from the command line (the admin screen calls the same function):
//   npm run review-windows                       list the windows not cleared yet
//   npm run review-windows -- clear <id>         count the window's reviews again
//   npm run review-windows -- confirm <id>       keep them out of the user score
// On the embedded database, stop the server first (a PGlite directory has one owner).
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { parseEnv } from '../src/lib/config/env.ts';
import { openPostgres } from '../src/lib/db/connect.server.ts';
import { openPglite } from '../src/lib/db/pglite.server.ts';
import { purge } from '../src/lib/http/purge.server.ts';
import { CACHE_TAGS, gameTag } from '../src/lib/http/cache-rules.ts';
import { decideReviewWindow } from '../src/lib/user-reviews/review-bomb.server.ts';

loadDotEnv();
const env = parseEnv(process.env);
const [action, id] = process.argv.slice(2);
const connection = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openPglite(env.PGLITE_DIR);
try {
  if (!action) {
    const rows = await connection.db
      .selectFrom('user_review_windows as w')
      .innerJoin('games as g', 'g.id', 'w.game_id')
      .select(['w.id', 'g.slug', 'w.kind', 'w.status', 'w.starts_at', 'w.ends_at', 'w.day_count', 'w.median_count'])
      .where('w.status', '<>', 'cleared')
      .orderBy('w.starts_at', 'desc')
      .limit(100)
      .execute();
    for (const w of rows) {
      console.log(
        `${w.id}\t${w.slug}\t${w.kind}\t${w.status}\t${w.starts_at.toISOString()} .. ${w.ends_at.toISOString()}\t${w.day_count ?? ''}/${w.median_count ?? ''}`,
      );
    }
    if (rows.length === 0) console.log('No flagged or confirmed windows.');
  } else if ((action === 'clear' || action === 'confirm') && id && /^\d{1,18}$/.test(id)) {
    const decided = await decideReviewWindow(connection.db, id, action === 'clear' ? 'cleared' : 'confirmed', null);
    if (!decided) {
      console.error(`No review window ${id}.`);
      process.exitCode = 1;
    } else {
      await purge({ tags: [gameTag(decided.slug), CACHE_TAGS.scores] }).catch(() => undefined);
      console.log(
        `Window ${id} of ${decided.slug}: ${action === 'clear' ? 'cleared, its reviews count again' : 'confirmed, its reviews stay out of the score'}.`,
      );
    }
  } else {
    console.error('Usage: npm run review-windows [-- clear <id> | confirm <id>]');
    process.exitCode = 2;
  }
} finally {
  await connection.close();
}
process.exit(process.exitCode ?? 0);
