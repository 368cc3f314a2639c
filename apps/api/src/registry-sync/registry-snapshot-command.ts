import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { errorSummary } from '../logging/error-summary';
import { leaveOut, snapshotOfRegistry, writeSnapshotFolder } from './registry-export';

// `npm run registry-snapshot -- <folder> [--leave N]`: writes the stored registry as a snapshot
// folder that `npm run registry-sync` reads, to try the registry's lifecycle on a demo: the
// first N educators and students (by id, the demo people among them) are left out, so the import
// counts them as having left and schedules their accounts' deletion. The whole registry is held
// in memory: for demo registries, not for a national one.

const USAGE = 'usage: npm run registry-snapshot -- <folder> [--leave N]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { leave: { type: 'string', default: '0' } },
  });
  const folder = positionals[0];
  const leave = Number(values.leave);
  if (!folder || positionals.length > 1 || !Number.isSafeInteger(leave) || leave < 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const files = leaveOut(await snapshotOfRegistry(database), leave);
    const dir = path.resolve(folder);
    await writeSnapshotFolder(dir, files);
    console.log(
      `Wrote ${files.people.length} people to ${dir} (${leave} left out): ` +
        `import it with npm run registry-sync -- ${folder}`,
    );
    return 0;
  } catch (error) {
    console.error(`registry-snapshot failed: ${errorSummary(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
