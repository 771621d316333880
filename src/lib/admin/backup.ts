/** What a backup archive holds, at its top level: this file, the database and the uploaded files. */
export const BACKUP_PARTS = ['README.txt', 'database', 'storage'] as const;

/** README.txt inside every backup archive. */
export const BACKUP_README = `Critical Hit backup

  database/   the database: on the embedded database, its data directory (PGlite, with the
              log to replay and the backup label: it comes up as it was when the backup
              ended); on PostgreSQL, database.sql (pg_dump, plain SQL, every schema).
  storage/    the uploaded files (avatars, game covers, outlet logos): the STORAGE_DIR folder.

Restore (stop the site first):

  npm run restore -- critical-hit-YYYY-MM-DD-HH-MM-SS.tar.gz

It unpacks into PGLITE_DIR (default .data/pglite) or, with DATABASE_URL set, loads
database.sql into that (empty) database with psql, and puts the files into STORAGE_DIR
(default .data/storage). A folder that is not empty is left alone unless --force is given,
and then it is kept beside, renamed to <folder>.before-restore-<time>. Then start the site.

By hand: tar -xzf <archive>; move database/ to PGLITE_DIR (or run
psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f database/database.sql) and storage/ to STORAGE_DIR.
`;
