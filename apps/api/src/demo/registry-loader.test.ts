import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { demoIdentities } from './demo-identities';
import { loadRegionData } from './regions';
import { createRegistryPlan, registryPeople, schoolRows } from './registry-generator';
import {
  loadRegistry,
  registryStatus,
  RegistryNotEmptyError,
  resetRegistry,
  seedDemoRegistry,
} from './registry-loader';
import { REGISTRY_TABLES } from './registry-loader-repository';
import { rowsOf } from '../db/rows-of';
import { createTestDatabase } from '../test-support/test-database';

const OPTIONS = { people: 3000, seed: 'loader-test', productName: 'belajar' };

async function counts(
  database: Database,
): Promise<Record<(typeof REGISTRY_TABLES)[number], number>> {
  const result = {} as Record<(typeof REGISTRY_TABLES)[number], number>;
  for (const table of REGISTRY_TABLES) {
    const [row] = await rowsOf<{ n: number }>(
      database.db,
      sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
    );
    result[table] = row?.n ?? -1;
  }
  return result;
}

async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(database.db, query);
  if (!row) throw new Error('no row');
  return row;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('loading the registry', () => {
  it('starts empty', async () => {
    expect(await registryStatus(database)).toBe('empty');
  });

  it('loads every row the generator makes, in small rounds', async () => {
    const report = await loadRegistry(database, { ...OPTIONS, batchPeople: 700 });
    const rows = await counts(database);
    expect(rows).toEqual({
      regions: report.regions,
      offices: report.offices,
      schools: report.schools,
      people: 3000,
      school_memberships: report.memberships,
      office_staff: report.officeStaff,
      learning_accounts: report.accounts,
      registry_seeds: 1,
    });
    expect(report.regions).toBeGreaterThan(550);
    expect(await registryStatus(database)).toBe('seeded');
    expect(
      await one(database, sql`SELECT seed, people::int AS people FROM registry_seeds`),
    ).toEqual({
      seed: 'loader-test',
      people: 3000,
    });
  });

  it('stores names and addresses with commas, quotes and apostrophes exactly', async () => {
    const regions = await loadRegionData();
    const plan = createRegistryPlan(regions, OPTIONS);
    const school = schoolRows(plan).next();
    if (school.done) throw new Error('no school');
    expect(school.value.address).toContain(',');
    expect(
      await one(
        database,
        sql`SELECT name, name_key AS "nameKey", address FROM schools WHERE npsn = ${school.value.npsn}`,
      ),
    ).toEqual({
      name: school.value.name,
      nameKey: school.value.nameKey,
      address: school.value.address,
    });
    const apostrophe = [...registryPeople(plan)].find((p) => p.person.fullName.includes("'"));
    if (!apostrophe) throw new Error('no name with an apostrophe in the sample');
    expect(
      await one(
        database,
        sql`SELECT full_name AS "fullName", name_key AS "nameKey", nik, to_char(birth_date, 'YYYY-MM-DD') AS "birthDate"
            FROM people WHERE id = ${apostrophe.person.id}`,
      ),
    ).toEqual({
      fullName: apostrophe.person.fullName,
      nameKey: apostrophe.person.nameKey,
      nik: apostrophe.person.nik,
      birthDate: apostrophe.person.birthDate,
    });
  });

  it('continues ids after the seeded people and offices', async () => {
    const next = await one<{ people: string; offices: string }>(
      database,
      sql`SELECT nextval(pg_get_serial_sequence('people', 'id'))::text AS people,
                 nextval(pg_get_serial_sequence('offices', 'id'))::text AS offices`,
    );
    expect(Number(next.people)).toBe(3001);
    expect(Number(next.offices)).toBe((await counts(database)).offices + 1);
  });

  it('does not seed twice: loading refuses, the demo seed returns at once', async () => {
    const before = await counts(database);
    await expect(loadRegistry(database, OPTIONS)).rejects.toBeInstanceOf(RegistryNotEmptyError);
    const nextPerson = () =>
      one<{ id: string }>(
        database,
        sql`SELECT nextval(pg_get_serial_sequence('people', 'id'))::text AS id`,
      ).then((row) => Number(row.id));
    const idBefore = await nextPerson();
    expect(await seedDemoRegistry(database, OPTIONS)).toEqual({ seeded: false, status: 'seeded' });
    // Returning at once means writing nothing: no person row was even attempted (each would
    // have taken an id), which a clock on a loaded machine could not tell.
    expect(await nextPerson()).toBe(idBefore + 1);
    expect(await counts(database)).toEqual(before);
  });

  it('finds one demo identity per user type, with what the lookup asks for', async () => {
    const identities = await demoIdentities(database.db, 'belajar');
    expect(identities.map((i) => i.userType)).toEqual(['ptk', 'pd', 'dinas']);
    for (const identity of identities) {
      expect(identity.accountEmail).toMatch(/@belajar\.id$/);
      expect(identity.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(identity.fullName.length).toBeGreaterThan(0);
      expect(identity.motherName.length).toBeGreaterThan(0);
      if (identity.userType === 'dinas') {
        expect(identity.npsn).toBeNull();
        expect(identity.office?.regionCode).toMatch(/^\d{2}(\.\d{2})?$/);
      } else {
        expect(identity.npsn).toMatch(/^(\d{8}|[PK]\d{7})$/);
      }
    }
    expect(await demoIdentities(database.db, 'belajar')).toEqual(identities);
    expect(await demoIdentities(database.db, 'other')).toEqual([]);
  });

  it('replaces the registry after a reset', async () => {
    await resetRegistry(database);
    expect(await registryStatus(database)).toBe('empty');
    const report = await loadRegistry(database, { ...OPTIONS, people: 500, seed: 'second' });
    expect(report.people).toBe(500);
    expect((await counts(database)).people).toBe(500);
  });
});

describe('a load that fails halfway', () => {
  it('leaves nothing behind, and the next load succeeds', async () => {
    await resetRegistry(database);
    let peopleLines = 0;
    const failing = loadRegistry(database, {
      ...OPTIONS,
      batchPeople: 500,
      mapLine(table, line) {
        // A NIK that breaks its check constraint, in the third round of people.
        if (table === 'people' && ++peopleLines === 1200)
          return line.replace(/,(\d{16}),/, ',BAD,');
        return line;
      },
    });
    await expect(failing).rejects.toThrow();
    expect(peopleLines).toBeGreaterThan(1000);
    expect(Object.values(await counts(database)).every((n) => n === 0)).toBe(true);
    expect(await registryStatus(database)).toBe('empty');
    expect((await seedDemoRegistry(database, { ...OPTIONS, people: 400 })).seeded).toBe(true);
    expect((await counts(database)).people).toBe(400);
  });
});

describe('registry status', () => {
  it('calls data no seed recorded foreign, and the demo seed leaves it alone', async () => {
    await resetRegistry(database);
    await database.db.execute(
      sql`INSERT INTO regions (code, level, name) VALUES ('11', 'province', 'Aceh')`,
    );
    expect(await registryStatus(database)).toBe('foreign');
    expect(await seedDemoRegistry(database, OPTIONS)).toEqual({ seeded: false, status: 'foreign' });
    await expect(loadRegistry(database, OPTIONS)).rejects.toBeInstanceOf(RegistryNotEmptyError);
    expect((await counts(database)).regions).toBe(1);
  });

  it('calls a claimed but unfinished seed incomplete', async () => {
    await resetRegistry(database);
    await database.db.execute(
      sql`INSERT INTO registry_seeds (id, seed, people) VALUES (1, 'x', 100)`,
    );
    expect(await registryStatus(database)).toBe('incomplete');
    expect(await seedDemoRegistry(database, OPTIONS)).toEqual({
      seeded: false,
      status: 'incomplete',
    });
  });
});
