import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database test databases are made from (`CREATE ... TEMPLATE`). */
    postgresTemplate: string | undefined;
    /** A migrated PGlite data folder, dumped to a file, that test databases are loaded from. */
    pgliteDumpFile: string | undefined;
  }
}

// eslint-disable-next-line no-restricted-properties -- tests choose their real parts here
const { DATABASE_URL } = process.env;

/**
 * Migrates one database before the run, so each test file copies it instead of applying every
 * migration itself: a PostgreSQL template database, or a dumped PGlite data folder.
 */
export default async function setup(project: TestProject) {
  if (DATABASE_URL) {
    const name = `portal_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(DATABASE_URL);
    url.pathname = `/${name}`;
    // A template must have no connections while databases are made from it: closed here.
    const database = await openDatabase({ url: url.toString(), dataDir: '', poolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteDumpFile', undefined);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.jobQueueConnection as { pglite: PGlite }).pglite;
  const file = path.join(tmpdir(), `portal-test-template-${randomBytes(6).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('postgresTemplate', undefined);
  project.provide('pgliteDumpFile', file);
  return () => rmSync(file, { force: true });
}
