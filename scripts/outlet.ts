// Outlet administration: npm run outlet -- add-owner <slug> <email>
// Acts on the database the environment describes (PGlite under PGLITE_DIR, or DATABASE_URL);
// stop the server first when it uses the embedded database.
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { parseEnv } from '../src/lib/config/env.ts';
import { openPostgres } from '../src/lib/db/connect.server.ts';
import { openPglite } from '../src/lib/db/pglite.server.ts';
import { addOutletOwner } from '../src/lib/outlets/authors.server.ts';

const USAGE = `Usage: npm run outlet -- add-owner <outlet slug> <account email>
  add-owner   make the account an owner of the outlet (what approving an outlet application does)`;

async function main(): Promise<void> {
  loadDotEnv();
  const [command, slug, email] = process.argv.slice(2);
  if (command !== 'add-owner' || !slug || !email) {
    console.log(USAGE);
    process.exitCode = command === '--help' || command === '-h' ? 0 : 1;
    return;
  }
  const env = parseEnv(process.env);
  const connection = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openPglite(env.PGLITE_DIR);
  try {
    const result = await addOutletOwner(connection.db, slug, email);
    if (!result.ok) {
      console.error(result.message);
      process.exitCode = 1;
      return;
    }
    console.log(result.added ? `${email} now owns ${slug}.` : `${email} already owns ${slug}.`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
