import { parseArgs } from 'node:util';
import path from 'node:path';
import { createAccountCreationQueue } from '../accounts/account-creation-jobs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { systemClock } from '../jobs/clock';
import { createJobQueue } from '../jobs/job-queue';
import { errorSummary } from '../logging/error-summary';
import { createRegistrySyncService, folderSnapshot, SyncBusyError } from './registry-sync-service';

// `npm run registry-sync -- <snapshot folder>`: imports one registry snapshot (its
// schools.csv, people.csv and school_memberships.csv) into the configured database. Run it again
// after a crash: it resumes where it stopped.

const USAGE = 'usage: npm run registry-sync -- <snapshot folder>';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const folder = positionals[0];
  if (!folder || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const queue = createJobQueue(database);
  try {
    await queue.start();
    await createAccountCreationQueue(queue);
    const started = performance.now();
    const report = await createRegistrySyncService({ database, queue, now: systemClock }).sync(
      folderSnapshot(path.resolve(folder)),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      report.alreadyImported
        ? `Snapshot ${report.source} was imported before; nothing to do.`
        : `Imported ${report.source} in ${seconds} s: ${report.staged} people in the snapshot, ` +
            `${report.added} new, ${report.changed} changed, ${report.departed} left, ` +
            `${report.returned} back, ${report.accountsRequested} educators' accounts requested` +
            (report.conflicts > 0
              ? `; ${report.conflicts} rows left as stored: a NISN or NUPTK that is another ` +
                `person's, or a malformed NIK, NISN or NPSN.`
              : '.'),
    );
    return 0;
  } catch (error) {
    if (error instanceof SyncBusyError) {
      console.error(error.message);
      return 1;
    }
    console.error(`Import stopped (run it again to resume): ${errorSummary(error)}`);
    return 1;
  } finally {
    await queue.stop();
    await database.close();
  }
}

process.exitCode = await main();
