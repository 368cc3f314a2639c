import type { Database } from '../db/database';
import { csvLine } from '../registry/csv';
import { copyRegistryLines, type RegistryTable } from '../registry/registry-copy';
import { loadRegionData, type RegionData } from './regions';
import {
  createRegistryPlan,
  officeRows,
  regionRows,
  registryPeople,
  schoolRows,
  type AccountRow,
  type GeneratedPerson,
  type MembershipRow,
  type OfficeRow,
  type OfficeStaffRow,
  type PersonRow,
  type RegionRow,
  type SchoolRow,
} from './registry-generator';
import { createRegistryLoaderRepository } from './registry-loader-repository';

const regionLine = (r: RegionRow): string => csvLine([r.code, r.parentCode, r.level, r.name]);
const officeLine = (o: OfficeRow): string => csvLine([o.id, o.regionCode, o.type, o.name]);
const schoolLine = (s: SchoolRow): string =>
  csvLine([s.npsn, s.name, s.nameKey, s.level, s.regencyCode, s.address]);
const personLine = (p: PersonRow): string =>
  csvLine([
    p.id,
    p.kind,
    p.nik,
    p.nisn,
    p.nuptk,
    p.fullName,
    p.nameKey,
    p.gender,
    p.birthDate,
    p.motherName,
    p.motherNameKey,
    p.personalEmail,
    p.phone,
  ]);
const membershipLine = (m: MembershipRow): string =>
  csvLine([m.personId, m.npsn, m.role, m.leftOn]);
const officeStaffLine = (s: OfficeStaffRow): string =>
  csvLine([s.personId, s.officeId, s.position]);
const accountLine = (a: AccountRow): string =>
  csvLine([a.email, a.kind, a.personId, a.schoolLevel, a.officeId]);

/** Every table of a generated registry as the CSV lines COPY receives, in loading order. */
export function* registryCsv(
  regions: RegionData,
  options: RegistryOptions,
): Generator<{ table: string; line: string }> {
  const plan = createRegistryPlan(regions, options);
  for (const r of regionRows(plan)) yield { table: 'regions', line: regionLine(r) };
  for (const o of officeRows(plan)) yield { table: 'offices', line: officeLine(o) };
  for (const s of schoolRows(plan)) yield { table: 'schools', line: schoolLine(s) };
  for (const p of registryPeople(plan)) {
    yield { table: 'people', line: personLine(p.person) };
    for (const m of p.memberships) yield { table: 'school_memberships', line: membershipLine(m) };
    if (p.officeStaff) yield { table: 'office_staff', line: officeStaffLine(p.officeStaff) };
    for (const a of p.accounts) yield { table: 'learning_accounts', line: accountLine(a) };
  }
}

export type RegistryOptions = { people: number; seed: string; productName: string };

export type SeedOptions = RegistryOptions & {
  /** People per round of COPY; the other tables of those people follow in the same round. */
  batchPeople?: number;
  /** Called after each round with the number of people loaded so far. */
  onProgress?: (peopleLoaded: number) => void;
  /** Test hook: rewrites a line before it is loaded. */
  mapLine?: (table: string, line: string) => string;
};

export type SeedReport = {
  regions: number;
  offices: number;
  schools: number;
  people: number;
  memberships: number;
  officeStaff: number;
  accounts: number;
  seconds: number;
};

export type RegistryStatus =
  /** Nothing in any registry table. */
  | 'empty'
  /** A seed finished loading. */
  | 'seeded'
  /** A seed claimed the registry and has not finished: still running, or it crashed. */
  | 'incomplete'
  /** Registry data that no seed recorded: never touch it. */
  | 'foreign';

export class RegistryNotEmptyError extends Error {
  override name = 'RegistryNotEmptyError';
  constructor(readonly status: RegistryStatus) {
    super(`the registry is not empty (${status}); seed again with --reset to replace it`);
  }
}

/** Where the registry stands; cheap at any size (index probes, no counts). */
export async function registryStatus(database: Database): Promise<RegistryStatus> {
  const state = await createRegistryLoaderRepository(database.db).state();
  if (state.seeded) return state.finished ? 'seeded' : 'incomplete';
  return state.any_data ? 'foreign' : 'empty';
}

/** Empties every registry table and what refers to it (accounts, their sessions, ...). */
export async function resetRegistry(database: Database): Promise<void> {
  await createRegistryLoaderRepository(database.db).reset();
}

const DEFAULT_BATCH_PEOPLE = { postgres: 100_000, pglite: 20_000 } as const;
// COPY gets many lines per chunk: one stream chunk per line would cost more than the line.
const CHUNK_BYTES = 256 * 1024;

function* chunked(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Generates the registry and loads it with COPY into empty registry tables. The seed is
 * recorded first (so that a second loader backs off) and the people id sequence is set last
 * (so that a crashed load shows as incomplete); on failure every registry table is emptied.
 */
export async function loadRegistry(database: Database, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const regions = await loadRegionData();
  const plan = createRegistryPlan(regions, options);
  const status = await registryStatus(database);
  if (status !== 'empty') throw new RegistryNotEmptyError(status);
  const repository = createRegistryLoaderRepository(database.db);
  if (!(await repository.claimSeed(options.seed, options.people)))
    throw new RegistryNotEmptyError('incomplete');

  const map = options.mapLine;
  const copy = (table: RegistryTable, lines: Iterable<string>): Promise<void> =>
    copyRegistryLines(
      database,
      table,
      chunked(
        map
          ? (function* () {
              for (const line of lines) yield map(table, line);
            })()
          : lines,
      ),
    );
  const report: SeedReport = {
    regions: 0,
    offices: 0,
    schools: 0,
    people: 0,
    memberships: 0,
    officeStaff: 0,
    accounts: 0,
    seconds: 0,
  };
  const counted = function* <T>(items: Iterable<T>, line: (item: T) => string, count: () => void) {
    for (const item of items) {
      count();
      yield line(item);
    }
  };

  const children: { next: Promise<void> } = { next: Promise.resolve() };
  try {
    await copy(
      'regions',
      counted(regionRows(plan), regionLine, () => report.regions++),
    );
    await copy(
      'offices',
      counted(officeRows(plan), officeLine, () => report.offices++),
    );
    await copy(
      'schools',
      counted(schoolRows(plan), schoolLine, () => report.schools++),
    );

    const batchPeople = options.batchPeople ?? DEFAULT_BATCH_PEOPLE[database.kind];
    const people = registryPeople(plan)[Symbol.iterator]();
    let exhausted = false;
    while (!exhausted) {
      const memberships: string[] = [];
      const staff: string[] = [];
      const accounts: string[] = [];
      // People stream straight into COPY while their other rows are kept for the same round:
      // generating the next person overlaps the database taking the previous ones.
      const batch = function* (): Generator<string> {
        for (let n = 0; n < batchPeople; n++) {
          const next = people.next();
          if (next.done) {
            exhausted = true;
            return;
          }
          const p: GeneratedPerson = next.value;
          report.people++;
          for (const m of p.memberships) memberships.push(membershipLine(m));
          if (p.officeStaff) staff.push(officeStaffLine(p.officeStaff));
          for (const a of p.accounts) accounts.push(accountLine(a));
          yield personLine(p.person);
        }
      };
      await copy('people', batch());
      // The rows that refer to this round's people (now committed) load on a second
      // connection while the next round of people loads: one server core each.
      await children.next;
      const loaded = report.people;
      children.next = (async () => {
        if (memberships.length) await copy('school_memberships', memberships);
        if (staff.length) await copy('office_staff', staff);
        if (accounts.length) await copy('learning_accounts', accounts);
        report.memberships += memberships.length;
        report.officeStaff += staff.length;
        report.accounts += accounts.length;
        options.onProgress?.(loaded);
      })();
      // Its failure is raised by the await above or below; until then it must not go unhandled.
      children.next.catch(() => undefined);
      if (report.people >= options.people) exhausted = true;
    }
    await children.next;

    await repository.finishLoad(report);
  } catch (error) {
    await children.next.catch(() => undefined);
    await resetRegistry(database).catch(() => undefined);
    throw error;
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

export type DemoSeedResult =
  { seeded: true; report: SeedReport } | { seeded: false; status: RegistryStatus };

/**
 * Seeds the demo registry on first start: loads it when the registry is empty and returns
 * at once (a few index probes) when it is not. Never replaces data.
 */
export async function seedDemoRegistry(
  database: Database,
  options: RegistryOptions,
): Promise<DemoSeedResult> {
  const status = await registryStatus(database);
  if (status !== 'empty') return { seeded: false, status };
  try {
    return { seeded: true, report: await loadRegistry(database, options) };
  } catch (error) {
    // Another instance got there first.
    if (error instanceof RegistryNotEmptyError) return { seeded: false, status: error.status };
    throw error;
  }
}
