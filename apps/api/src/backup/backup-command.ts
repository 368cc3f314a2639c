import { loadConfig } from '../config';
import { errorSummary } from '../logging/error-summary';
import { backupDatabase, restoreDatabase } from './backup';

// npm run backup -- <file>     pg_dump of DATABASE_URL into <file>
// npm run restore -- <file>    pg_restore of <file> into DATABASE_URL, which must be empty
async function main(): Promise<void> {
  const [action, file] = process.argv.slice(2);
  const { database } = loadConfig();
  if ((action !== 'backup' && action !== 'restore') || !file) {
    console.error('Usage: npm run backup -- <file>  |  npm run restore -- <file>');
    process.exit(64);
  }
  if (!database.url) {
    console.error('Set DATABASE_URL: backups are of PostgreSQL (the embedded PGlite is a folder).');
    process.exit(78);
  }
  const started = Date.now();
  if (action === 'backup') await backupDatabase(database.url, file);
  else await restoreDatabase(database.url, file);
  console.log(
    `${action === 'backup' ? 'Backed up to' : 'Restored from'} ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(errorSummary(error));
  process.exit(1);
});
