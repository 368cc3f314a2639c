import { STAFF_ROLE_NAMES, StaffRoleSchema, type StaffRole } from '@portal/contracts/staff';
import { loadConfig } from '../config';
import { createPasswordHasher } from '../credentials/password-hasher';
import { openDatabase } from '../db/database';
import { addStaffAccount, StaffAddressError } from './staff-accounts';
import { runCommand } from '../run-command';

const USAGE = `Usage: npm run staff -- add <address> [--role <role>]...
  add <address>  create a ministry staff account in the staff domain (STAFF_EMAIL_DOMAIN) and
                 print its initial password once; the first sign-in replaces it and enrols
                 the authenticator app
  --role <role>  a role it holds (repeatable): ${STAFF_ROLE_NAMES.join(', ')}.
                 A new deployment's first account: --role staff-admin; that member grants the
                 rest from the console`;

/** The roles named by `--role` options, or null when the options are not only those. */
function rolesOf(options: string[]): StaffRole[] | null {
  const roles: StaffRole[] = [];
  for (let i = 0; i < options.length; i += 2) {
    const role = StaffRoleSchema.safeParse(options[i + 1]);
    if (options[i] !== '--role' || !role.success) return null;
    roles.push(role.data);
  }
  return roles;
}

/** Creates ministry staff accounts; prints the initial password, which is stored only hashed. */
async function main(args: string[]): Promise<number> {
  const [command, address, ...options] = args;
  const roles = rolesOf(options);
  if (command !== 'add' || !address || !roles) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const { created, password } = await addStaffAccount(
      { db: database.db, hasher: createPasswordHasher(), staffDomain: config.staffDomain },
      address,
      roles,
    );
    if (!created) {
      console.error(`A staff account for ${address} exists already; nothing was changed.`);
      return 1;
    }
    console.log(
      `Staff account ${address.trim().toLowerCase()} created with roles: ${roles.join(', ') || 'none'}.`,
    );
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
