// npm run restore -- <backup.tar.gz> [--force]: restores a backup from /admin/database-admin
// into the folders (and database) this environment names: PGLITE_DIR or DATABASE_URL, and
// STORAGE_DIR. Stop the site first. See README.txt inside the archive and the README.
import { parseArgs } from 'node:util';
import { restoreBackup, RestoreError } from '../src/lib/admin/backup-restore.server.ts';
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { parseEnv } from '../src/lib/config/env.ts';

loadDotEnv();
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(1);
}
const env = parseEnv(process.env);
try {
  const kind = await restoreBackup(
    positionals[0]!,
    { pgliteDir: env.PGLITE_DIR, storageDir: env.STORAGE_DIR, databaseUrl: env.DATABASE_URL },
    { force: values.force, log: (line) => console.log(`[restore] ${line}`) },
  );
  console.log(`[restore] done (${kind === 'embedded' ? 'embedded database' : 'PostgreSQL'}): start the site.`);
} catch (error) {
  if (!(error instanceof RestoreError)) throw error;
  console.error(`[restore] ${error.message}`);
  process.exit(1);
}
