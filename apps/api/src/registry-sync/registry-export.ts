import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { csvLine, type CsvValue } from '../registry/csv';
import type { SnapshotFile } from './registry-sync-service';

export type SnapshotFiles = Record<SnapshotFile, string[]>;

/** The stored registry's schools, educators, students and memberships as snapshot files. */
export async function snapshotOfRegistry(database: Database): Promise<SnapshotFiles> {
  const lines = async (query: ReturnType<typeof sql>) => {
    const rows = await rowsOf<Record<string, CsvValue>>(database.db, query);
    return rows.map((row) => csvLine(Object.values(row)));
  };
  return {
    schools: await lines(
      sql`SELECT npsn, name, name_key, level::text, regency_code, address FROM schools`,
    ),
    people: await lines(sql`SELECT id::int, kind::text, nik, nisn, nuptk, full_name, name_key,
      gender::text, birth_date::text, mother_name, mother_name_key, personal_email, phone
      FROM people WHERE kind IN ('ptk', 'pd') ORDER BY id`),
    school_memberships: await lines(sql`SELECT person_id::int, npsn, role::text, left_on::text
      FROM school_memberships`),
  };
}

/** The snapshot without the first `count` people, as if they had left the registry. */
export function leaveOut(files: SnapshotFiles, count: number): SnapshotFiles {
  const leaving = new Set(files.people.slice(0, count).map((line) => line.split(',')[0]));
  const stays = (line: string) => !leaving.has(line.split(',')[0]);
  return {
    ...files,
    people: files.people.filter(stays),
    school_memberships: files.school_memberships.filter(stays),
  };
}
