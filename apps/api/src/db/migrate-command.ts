import { loadConfig } from '../config';
import { runCommand } from '../run-command';
import { openDatabase } from './database';

/**
 * Applies the database migrations and exits: a deployment's migration job runs it once before
 * the new instances start (they migrate too, under the same lock, finding nothing to do).
 */
async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('Usage: npm run migrate');
    return 64;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.close();
  console.log('Migrations applied.');
  return 0;
}

runCommand(main);
