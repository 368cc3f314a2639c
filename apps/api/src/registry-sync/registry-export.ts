import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import { csvLine, type CsvValue } from '../registry/csv';
import { createRegistrySyncRepository } from './registry-sync-repository';
import type { SnapshotFile } from './registry-sync-service';

export type SnapshotFiles = Record<SnapshotFile, string[]>;

/** The stored registry's schools, educators, students and memberships as snapshot files. */
export async function snapshotOfRegistry(database: Database): Promise<SnapshotFiles> {
  const repository = createRegistrySyncRepository(database.db);
  const lines = (rows: Record<string, CsvValue>[]) =>
    rows.map((row) => csvLine(Object.values(row)));
  return {
    schools: lines(await repository.storedSchools()),
    people: lines(await repository.storedPeople()),
    school_memberships: lines(await repository.storedMemberships()),
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

/** Writes the files as a snapshot folder that `folderSnapshot` (and `npm run registry-sync`) reads. */
export async function writeSnapshotFolder(dir: string, files: SnapshotFiles): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, lines] of Object.entries(files)) {
    // Each line ends with its own newline (`csvLine`).
    await writeFile(path.join(dir, `${name}.csv`), lines.join(''));
  }
}
