// The admin role, from the command line only: npm run admin -- grant {email} | revoke {email} | list
// Acts on the database the environment describes (PGlite under PGLITE_DIR, or DATABASE_URL).
// Stop the server first when it uses the embedded database (one process owns a PGlite directory).
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { parseEnv } from '../src/lib/config/env.ts';
import { openPostgres } from '../src/lib/db/connect.server.ts';
import { openPglite } from '../src/lib/db/pglite.server.ts';
import { parseAdminCommand } from '../src/lib/admin/admin.ts';
import { grantAdmin, listAdmins, revokeAdmin, UnknownAccountError } from '../src/lib/admin/admin.server.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const command = parseAdminCommand(process.argv.slice(2));
  if ('error' in command) {
    console.error(command.error);
    process.exitCode = 1;
    return;
  }
  const env = parseEnv(process.env);
  const connection = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openPglite(env.PGLITE_DIR);
  try {
    if (command.command === 'list') {
      const admins = await listAdmins(connection.db);
      if (admins.length === 0) console.log('No administrators.');
      for (const admin of admins) console.log(`${admin.email ?? '(no email)'}  since ${admin.grantedAt.toISOString()}`);
    } else if (command.command === 'grant') {
      const granted = await grantAdmin(connection.db, command.email);
      console.log(
        granted ? `${command.email} is now an administrator.` : `${command.email} already was an administrator.`,
      );
    } else {
      const revoked = await revokeAdmin(connection.db, command.email);
      console.log(
        revoked ? `${command.email} is no longer an administrator.` : `${command.email} was not an administrator.`,
      );
    }
  } catch (error) {
    if (!(error instanceof UnknownAccountError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

await main();
