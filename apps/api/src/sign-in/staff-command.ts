import { loadConfig } from '../config';
import { createPasswordHasher } from '../credentials/password-hasher';
import { openDatabase } from '../db/database';
import { createStaffAccounts, StaffAddressError } from './staff-accounts';
import { runCommand } from '../run-command';

const USAGE = `Usage: npm run staff -- add <address>
  add <address>  create a ministry staff account in the staff domain (STAFF_EMAIL_DOMAIN) and
                 print its initial password once; the first sign-in replaces it and enrols
                 the authenticator app`;

/** Creates ministry staff accounts; prints the initial password, which is stored only hashed. */
async function main(args: string[]): Promise<number> {
  const [command, address, ...rest] = args;
  if (command !== 'add' || !address || rest.length > 0) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const staffAccounts = createStaffAccounts({
      db: database.db,
      hasher: createPasswordHasher(),
      staffDomain: config.staffDomain,
    });
    const { created, password } = await staffAccounts.addStaffAccount(address);
    if (!created) {
      console.error(`A staff account for ${address} exists already; nothing was changed.`);
      return 1;
    }
    console.log(`Staff account ${address.trim().toLowerCase()} created.`);
    console.log(`Initial password (shown once; the first sign-in replaces it): ${password}`);
    return 0;
  } catch (error) {
    if (error instanceof StaffAddressError) {
      console.error(error.message);
      return 65;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCommand(main);
