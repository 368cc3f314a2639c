import type { Database } from '../db/database';

const PERSON_COLUMNS = [
  'kind',
  'nik',
  'nisn',
  'nuptk',
  'full_name',
  'name_key',
  'gender',
  'birth_date',
  'mother_name',
  'mother_name_key',
  'personal_email',
  'phone',
] as const;

/**
 * The registry's tables as CSV lines carry them, parents before children: each table's columns
 * in the order of its lines (the demo's `registryCsv`, a registry snapshot's files).
 */
export const REGISTRY_COLUMNS = {
  regions: ['code', 'parent_code', 'level', 'name'],
  offices: ['id', 'region_code', 'type', 'name'],
  schools: ['npsn', 'name', 'name_key', 'level', 'regency_code', 'address'],
  people: ['id', ...PERSON_COLUMNS],
  school_memberships: ['person_id', 'npsn', 'role', 'left_on'],
  office_staff: ['person_id', 'office_id', 'position'],
  learning_accounts: ['email', 'kind', 'person_id', 'school_level', 'office_id'],
} as const;
export type RegistryTable = keyof typeof REGISTRY_COLUMNS;

/** A snapshot's tables staged by the registry sync: the same lines, the person ids its own. */
const STAGING = {
  schools: { table: 'registry_sync_schools', columns: REGISTRY_COLUMNS.schools },
  people: { table: 'registry_sync_people', columns: ['snapshot_id', ...PERSON_COLUMNS] },
  school_memberships: {
    table: 'registry_sync_memberships',
    columns: ['snapshot_person_id', 'npsn', 'role', 'left_on'],
  },
} as const satisfies Partial<Record<RegistryTable, { table: string; columns: readonly string[] }>>;
export type StagedTable = keyof typeof STAGING;

type Lines = Iterable<string> | AsyncIterable<string>;

/** Loads a registry table's CSV lines with COPY (the demo's seed). */
export const copyRegistryLines = (
  database: Database,
  table: RegistryTable,
  lines: Lines,
): Promise<void> => database.copyCsv(table, REGISTRY_COLUMNS[table], lines);

/** Loads a snapshot's CSV lines of a registry table with COPY into its staging table. */
export const stageRegistryLines = (
  database: Database,
  table: StagedTable,
  lines: Lines,
): Promise<void> => database.copyCsv(STAGING[table].table, STAGING[table].columns, lines);
