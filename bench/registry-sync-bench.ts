import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { createAccountCreationQueue } from '../apps/api/src/accounts/account-creation-jobs';
import { openDatabase } from '../apps/api/src/db/database';
import { systemClock } from '../apps/api/src/jobs/clock';
import { createJobQueue } from '../apps/api/src/jobs/job-queue';
import { csvLine } from '../apps/api/src/registry/csv';
import { DEFAULT_REGISTRY_SEED } from '../apps/api/src/demo/registry-generator';
import { registryCsv } from '../apps/api/src/demo/registry-loader';
import { loadRegionData } from '../apps/api/src/demo/regions';
import {
  createRegistrySyncService,
  folderSnapshot,
} from '../apps/api/src/registry-sync/registry-sync-service';
import { DEFAULT_ADMIN_URL, query, seededDatabase } from './bench-support';

// `npm run bench:registry-sync [-- --people N --changes C --keep]`: a registry of N people
// (default 1 million) in its own PostgreSQL database, then a snapshot of it with C changes
// (default 100,000: a third new people, a third changed, a third gone), imported by the sync in
// a process of its own: its time and peak memory (max RSS) are printed. The database is dropped
// at the end unless --keep.

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '1000000' },
    changes: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
    // The child's part: import this folder into this database and print the figures.
    sync: { type: 'string' },
    url: { type: 'string' },
  },
});

async function importOnly(folder: string, url: string): Promise<void> {
  const database = await openDatabase({ url, dataDir: '' });
  const queue = createJobQueue(database);
  try {
    await queue.start();
    await createAccountCreationQueue(queue);
    const started = performance.now();
    const report = await createRegistrySyncService({ database, queue, now: systemClock }).sync(
      folderSnapshot(folder),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({ seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024, report }),
    );
  } finally {
    await queue.stop();
    await database.close();
  }
}

/** The generated registry as snapshot files, with `changes` changes spread evenly. */
async function writeSnapshot(folder: string, people: number, changes: number) {
  const third = Math.floor(changes / 3);
  const every = Math.max(1, Math.floor(people / third));
  const files = {
    schools: createWriteStream(path.join(folder, 'schools.csv')),
    people: createWriteStream(path.join(folder, 'people.csv')),
    school_memberships: createWriteStream(path.join(folder, 'school_memberships.csv')),
  };
  const write = async (file: keyof typeof files, line: string) => {
    if (!files[file].write(line)) await once(files[file], 'drain');
  };
  let firstSchool = '';
  const regions = await loadRegionData();
  for (const { table, line } of registryCsv(regions, {
    people,
    seed: DEFAULT_REGISTRY_SEED,
    productName: 'belajar',
  })) {
    if (table === 'schools') {
      firstSchool ||= line.slice(0, line.indexOf(','));
      await write('schools', line);
    } else if (table === 'people' || table === 'school_memberships') {
      const id = Number(line.slice(0, line.indexOf(',')));
      if (id % every === 0) continue; // gone from the registry
      if (table === 'people' && id % every === 1) {
        // A new phone number: the last field.
        await write('people', line.replace(/,[^,]*\n$/, `,0899${String(id).padStart(8, '0')}\n`));
      } else await write(table, line);
    }
  }
  for (let n = 1; n <= third; n++) {
    const id = people + n;
    const kind = n % 2 ? 'pd' : 'ptk';
    await write(
      'people',
      csvLine([
        id,
        kind,
        `99${String(n).padStart(14, '0')}`,
        kind === 'pd' ? `98${String(n).padStart(8, '0')}` : null,
        null,
        `Orang Baru ${n}`,
        `ORANGBARU${n}`,
        n % 3 ? 'L' : 'P',
        '2010-05-05',
        'Ibu Baru',
        'IBUBARU',
        kind === 'ptk' ? `orang.baru.${n}@example.com` : null,
        null,
      ]),
    );
    await write(
      'school_memberships',
      csvLine([id, firstSchool, kind === 'pd' ? 'student' : 'teacher', null]),
    );
  }
  await Promise.all(Object.values(files).map((f) => new Promise((resolve) => f.end(resolve))));
}

async function main(): Promise<void> {
  if (values.sync && values.url) return importOnly(values.sync, values.url);
  const people = Number(values.people.replaceAll('_', ''));
  const changes = Number(values.changes.replaceAll('_', ''));
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const name = `registry_sync_bench_${people}`;
  const folder = mkdtempSync(path.join(tmpdir(), 'registry-snapshot-'));
  try {
    const url = await seededDatabase(adminUrl, name, people);
    let started = performance.now();
    await writeSnapshot(folder, people, changes);
    console.log(`Snapshot written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const child = spawn(
      process.execPath,
      [...process.execArgv, process.argv[1]!, '--sync', folder, '--url', url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    if (code !== 0) throw new Error(`the import exited with ${code}`);
    const result = JSON.parse(out.trim().split('\n').pop()!) as {
      seconds: number;
      maxRssMiB: number;
      report: Record<string, unknown>;
    };
    console.log(
      `Registry sync of ${changes.toLocaleString('en')} changes on ${people.toLocaleString('en')} people (PostgreSQL):`,
    );
    console.log(
      `  import ${result.seconds.toFixed(1)} s, peak RSS of the importing process ${result.maxRssMiB.toFixed(0)} MiB`,
    );
    console.log(`  ${JSON.stringify(result.report)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    if (!values.keep) await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

await main();
