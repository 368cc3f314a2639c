import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createPasswordHasher } from '../credentials/password-hasher';
import { createDemoIdentitiesService } from './demo-identities-service';
import { formatDemoIdentities } from './demo-identities';
import { errorSummary } from '../logging/error-summary';
import { DEFAULT_REGISTRY_SEED } from './registry-generator';
import { loadRegistry, RegistryNotEmptyError, resetRegistry } from './registry-loader';

// `npm run seed -- --people N [--seed S] [--reset]`: loads a synthetic registry into the
// configured database (DATABASE_URL, or PGlite in DATA_DIR).

const USAGE = 'usage: npm run seed -- --people N [--seed S] [--reset]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      people: { type: 'string' },
      seed: { type: 'string', default: DEFAULT_REGISTRY_SEED },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const people =
    values.people === undefined ? config.demoPeople : Number(values.people.replaceAll('_', ''));
  if (!Number.isSafeInteger(people) || people <= 0) {
    console.error(`--people must be a whole number\n${USAGE}`);
    return 2;
  }
  const database = await openDatabase(config.database);
  try {
    if (values.reset) await resetRegistry(database);
    const started = performance.now();
    const report = await loadRegistry(database, {
      people,
      seed: values.seed,
      productName: config.brand.productName,
      onProgress(loaded) {
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `  ${loaded.toLocaleString('en')} people, ${Math.round(loaded / seconds).toLocaleString('en')} people/s`,
        );
      },
    });
    console.log(
      `Seeded ${report.people.toLocaleString('en')} people (${report.schools.toLocaleString('en')} schools, ` +
        `${report.offices} offices, ${report.accounts.toLocaleString('en')} learning accounts) into ${database.kind} ` +
        `in ${report.seconds.toFixed(1)} s: ${Math.round(report.people / report.seconds).toLocaleString('en')} people/s`,
    );
    const demo = createDemoIdentitiesService({
      db: database.db,
      hasher: createPasswordHasher(),
      productName: config.brand.productName,
      staffDomain: config.staffDomain,
    });
    console.log(formatDemoIdentities(await demo.identities()));
    return 0;
  } catch (error) {
    if (error instanceof RegistryNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    console.error(`Seeding failed, nothing was kept: ${errorSummary(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
