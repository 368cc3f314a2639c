import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createSigningKeys, type KeyStatus } from './signing-keys';
import { runCommand } from '../run-command';

const USAGE = `Usage: npm run keys -- list | rotate [--now]
  list          the sign-in signing keys and what each does
  rotate        add a key that signs once every instance has published it; the old key
                verifies until the tokens it signed have expired
  rotate --now  the new key signs at once (the old one may be compromised)`;

const line = ({ row, state, verifiesUntil }: KeyStatus) =>
  [
    row.kid,
    state.padEnd(9),
    `created ${row.createdAt.toISOString()}`,
    state === 'pending' ? `signs from ${row.signsFrom.toISOString()}` : '',
    state === 'verifying' && verifiesUntil ? `verifies until ${verifiesUntil.toISOString()}` : '',
  ]
    .filter(Boolean)
    .join('  ');

/** Lists and rotates the provider's signing keys; running instances pick changes up by themselves. */
async function main(args: string[]): Promise<number> {
  const [command, ...options] = args;
  const rotate = command === 'rotate';
  if (
    !(command === 'list' || rotate) ||
    options.some((option) => option !== '--now') ||
    (!rotate && options.length > 0)
  ) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const keys = createSigningKeys(database.db, config.tokenSecret);
    if (rotate) {
      const row = await keys.rotate({ now: options.includes('--now') });
      console.log(`New signing key ${row.kid}, signing from ${row.signsFrom.toISOString()}.`);
    }
    const statuses = await keys.statuses();
    if (statuses.length === 0)
      console.log('No signing key yet: the first start of the API makes one.');
    for (const status of statuses) console.log(line(status));
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
