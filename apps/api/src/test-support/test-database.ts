import { openTestDatabase, type Database } from '../db/database';

// The machine's PostgreSQL when CI sets its URL; an in-memory PGlite otherwise.
// eslint-disable-next-line no-restricted-properties -- tests choose their real parts here
const { DATABASE_URL } = process.env;

/** A database of its own for one test file: a fresh PostgreSQL database or PGlite. */
export const createTestDatabase = (): Promise<Database> => openTestDatabase(DATABASE_URL);
