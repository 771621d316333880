// `npm run bench`, after the server has stopped: awarding XP has no HTTP endpoint of its own
// (events award it inside their own transactions), so it is timed here on the bench
// database directly, one award per transaction, with the leaderboard query uncached.
// Prints one line of JSON.
import { connectFromEnv } from '../../src/lib/db/db.server.ts';
import { measureXp } from '../../src/lib/seed/synthetic/community/xp.server.ts';

const connection = await connectFromEnv();
try {
  console.log(`BENCH_XP ${JSON.stringify(await measureXp(connection.db))}`);
} finally {
  await connection.close();
}
