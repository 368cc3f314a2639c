import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { DEFAULT_REGISTRY_SEED } from '../apps/api/src/demo/registry-generator';
import { loadRegistry } from '../apps/api/src/demo/registry-loader';
import { errorSummary } from '../apps/api/src/logging/error-summary';

// `npm run bench:seed [-- --people N]`: seeds a synthetic registry into a fresh PostgreSQL
// database (created from DATABASE_URL, or the local server, and dropped afterwards).

const GOAL_PEOPLE = 1_000_000;
const GOAL_SECONDS = 120;
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: String(GOAL_PEOPLE) },
    seed: { type: 'string', default: DEFAULT_REGISTRY_SEED },
    batch: { type: 'string' },
  },
});
const people = Number(values.people.replaceAll('_', ''));
if (!Number.isSafeInteger(people) || people <= 0)
  throw new Error('--people must be a whole number');
const batchPeople = values.batch === undefined ? undefined : Number(values.batch);

const config = loadConfig();
const adminUrl = config.database.url ?? DEFAULT_ADMIN_URL;
const name = `seed_bench_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${name}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const mb = (kb: number): string => `${Math.round(kb / 1024)} MB`;

await admin(`CREATE DATABASE "${name}"`);
try {
  await bench();
} catch (error) {
  console.error(`Seed bench failed: ${errorSummary(error)}`);
  process.exitCode = 1;
} finally {
  await dropBenchDatabase();
}

// pool.end() resolves before the server has let the backends go: forcing the drop at once
// would terminate our own closing connections, whose error then escapes as uncaught.
async function dropBenchDatabase(): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await admin(`DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

async function bench(): Promise<void> {
  const database = await openDatabase({ url: benchUrl.toString(), dataDir: '' });
  try {
    const serverVersion = (await database.db.execute('SHOW server_version')) as unknown as {
      rows: { server_version: string }[];
    };
    console.log(
      `Seeding ${people.toLocaleString('en')} people into PostgreSQL ${serverVersion.rows[0]?.server_version ?? '?'} ` +
        `(database ${name}, seed ${values.seed})`,
    );
    const started = performance.now();
    const report = await loadRegistry(database, {
      people,
      seed: values.seed,
      productName: config.brand.productName,
      ...(batchPeople ? { batchPeople } : {}),
      onProgress(loaded) {
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `  ${loaded.toLocaleString('en').padStart(11)} people  ${seconds.toFixed(1).padStart(6)} s  ` +
            `${Math.round(loaded / seconds)
              .toLocaleString('en')
              .padStart(8)} people/s  rss ${mb(process.memoryUsage().rss / 1024)}`,
        );
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const rate = report.people / seconds;
    const peakRss = process.resourceUsage().maxRSS;
    console.log('');
    console.log(
      `rows: ${report.schools.toLocaleString('en')} schools, ${report.offices} offices, ` +
        `${report.memberships.toLocaleString('en')} memberships, ${report.officeStaff} office staff, ` +
        `${report.accounts.toLocaleString('en')} learning accounts`,
    );
    console.log(`people/s:      ${Math.round(rate).toLocaleString('en')}`);
    console.log(
      `seconds total: ${seconds.toFixed(1)} (generation and COPY, indexes and checks in place)`,
    );
    console.log(`peak RSS:      ${mb(peakRss)}`);
    const projected = people === GOAL_PEOPLE ? seconds : GOAL_PEOPLE / rate;
    const how =
      people === GOAL_PEOPLE ? 'took' : `projected from ${people.toLocaleString('en')} people:`;
    console.log(
      `goal: 1 million people in under 2 minutes -> ${how} ${projected.toFixed(1)} s: ` +
        (projected < GOAL_SECONDS ? 'met' : 'NOT met'),
    );
  } finally {
    await database.close();
  }
}
