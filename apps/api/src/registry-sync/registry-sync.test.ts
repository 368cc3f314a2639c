import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, learningAccounts, people, registrySyncs } from '../db/schema';
import { csvLine } from '../registry/csv';
import { createMailedTestApp } from '../test-support/mailed-test-app';
import { FIXTURE } from '../test-support/registry-fixture';
import { snapshotOfRegistry, writeSnapshotFolder, type SnapshotFiles } from './registry-export';
import { snapshot } from '../test-support/registry-snapshot';
import type { SmtpSink } from '../test-support/smtp-sink';
import type { TestApp } from '../test-support/test-app';
import {
  createRegistrySyncService,
  folderSnapshot,
  type RegistrySyncDependencies,
} from './registry-sync-service';
import { rowsOf } from '../db/rows-of';

let t: TestApp;
let smtp: SmtpSink;
let ids: Record<string, number>;
let close: () => Promise<void>;
let base: SnapshotFiles;
const today = new Date('2026-03-02T03:00:00Z');

beforeAll(async () => {
  ({ t, smtp, ids, close } = await createMailedTestApp());
  base = await snapshotOfRegistry(t.database);
});
afterAll(() => close());

const context = (extra: Partial<RegistrySyncDependencies> = {}): RegistrySyncDependencies => ({
  database: t.database,
  queue: t.app.services.queue,
  now: () => today,
  ...extra,
});

const without = (files: SnapshotFiles, personId: number): SnapshotFiles => ({
  ...files,
  people: files.people.filter((line) => !line.startsWith(`${personId},`)),
  school_memberships: files.school_memberships.filter((line) => !line.startsWith(`${personId},`)),
});

const NEWCOMER = {
  id: 900001,
  name: 'Rina Marlina',
  email: 'rina.marlina@example.com',
};
const newcomer = csvLine([
  NEWCOMER.id,
  'ptk',
  '3273016607880009',
  null,
  null,
  NEWCOMER.name,
  'RINAMARLINA',
  'P',
  '1988-07-26',
  'Euis',
  'EUIS',
  NEWCOMER.email,
  null,
]);

describe('registry sync', () => {
  it('adds, changes and counts who left; educators new to the registry get their accounts', async () => {
    const files = without(without(base, ids.student!), ids.newTeacher!);
    files.people = files.people.map((line) =>
      line.startsWith(`${ids.teacher},`)
        ? line.replace(FIXTURE.teacher.phone, '081200000000')
        : line,
    );
    files.people.push(newcomer);
    files.school_memberships.push(csvLine([NEWCOMER.id, FIXTURE.smp.npsn, 'teacher', null]));

    const report = await createRegistrySyncService(context({ batchSize: 2 })).sync(
      snapshot('2026-03-02', files),
    );

    expect(report).toMatchObject({
      asOf: '2026-03-02',
      staged: 2,
      added: 1,
      changed: 1,
      departed: 2,
      returned: 0,
      accountsRequested: 1,
      alreadyImported: false,
    });
    // The student has an account: its deletion is scheduled; the new teacher had none: gone.
    const [deletion] = await t.database.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.personId, ids.student!));
    expect(deletion).toMatchObject({
      status: 'scheduled',
      kind: 'pd',
      deletionOn: '2026-04-01',
      removalOn: '2026-04-11',
    });
    const gone = await t.database.db.select().from(people).where(eq(people.id, ids.newTeacher!));
    expect(gone).toEqual([]);
    const [teacher] = await t.database.db.select().from(people).where(eq(people.id, ids.teacher!));
    expect(teacher?.phone).toBe('081200000000');

    const mail = await smtp.waitFor(NEWCOMER.email);
    expect(mail.text).toContain('rina.marlina@belajar.id');
    const [added] = await t.database.db
      .select({ id: people.id })
      .from(people)
      .where(eq(people.personalEmail, NEWCOMER.email));
    const accounts = await t.database.db
      .select({ level: learningAccounts.schoolLevel })
      .from(learningAccounts)
      .where(eq(learningAccounts.personId, added!.id));
    expect(accounts).toEqual([{ level: 'SMP' }]);
  });

  it('imports a snapshot once', async () => {
    const again = await createRegistrySyncService(context()).sync(snapshot('2026-03-02', base));
    expect(again).toMatchObject({ alreadyImported: true, added: 1 });
  });

  it('resumes an interrupted import from its last batch, counting each change once', async () => {
    // The student comes back (before the stated date: the deletion stops) with two newcomers.
    const files = await snapshotOfRegistry(t.database);
    for (const n of [1, 2]) {
      files.people.push(
        csvLine([
          900010 + n,
          'pd',
          `327301010110000${n}`,
          `001234567${n}`,
          null,
          `Siswa Baru ${n}`,
          `SISWABARU${n}`,
          'L',
          '2014-01-01',
          'Ibu',
          'IBU',
          null,
          null,
        ]),
      );
    }
    let batches = 0;
    const crashing = context({
      batchSize: 1,
      afterBatch: () => {
        batches += 1;
        if (batches === 2) throw new Error('power cut');
      },
    });
    await expect(
      createRegistrySyncService(crashing).sync(snapshot('2026-03-09', files)),
    ).rejects.toThrow('power cut');
    const [halfway] = await t.database.db
      .select()
      .from(registrySyncs)
      .where(eq(registrySyncs.source, '2026-03-09'));
    expect(halfway).toMatchObject({ phase: 'people', cursor: 2, finishedAt: null });

    const report = await createRegistrySyncService(context({ batchSize: 1 })).sync(
      snapshot('2026-03-09', files),
    );
    expect(report).toMatchObject({ added: 2, changed: 0, departed: 0, returned: 1 });
    const [counted] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM people WHERE full_name LIKE 'Siswa Baru %'`,
    );
    expect(counted!.n).toBe(2);
    const [deletion] = await t.database.db
      .select({ status: accountDeletions.status })
      .from(accountDeletions)
      .where(eq(accountDeletions.personId, ids.student!));
    expect(deletion?.status).toBe('cancelled');
  });

  it('moves student numbers and NUPTKs between stored people; a key claimed twice is counted', async () => {
    const keysOf = async (id: number) =>
      (
        await t.database.db
          .select({ nisn: people.nisn, nuptk: people.nuptk })
          .from(people)
          .where(eq(people.id, id))
      )[0];
    const idOf = async (name: string) =>
      (
        await t.database.db.select({ id: people.id }).from(people).where(eq(people.fullName, name))
      )[0]!.id;
    const [first, second, rina] = [
      await idOf('Siswa Baru 1'),
      await idOf('Siswa Baru 2'),
      await idOf(NEWCOMER.name),
    ];
    const nuptk = '1234567890123456';
    await t.database.db.update(people).set({ nuptk }).where(eq(people.id, rina));
    const files = await snapshotOfRegistry(t.database);
    const rewrite = (id: number, from: string, to: string) => {
      files.people = files.people.map((line) =>
        line.startsWith(`${id},`) ? line.replace(from, to) : line,
      );
    };
    // The student (stored first) takes the number of a student stored after her, who gets a new
    // one; the teacher (stored first) takes the NUPTK of an educator stored after her.
    files.people = files.people.map((line) => {
      if (line.startsWith(`${ids.student},`))
        return line.replace(/^(\d+,pd,\d{16}),,/, '$1,0012345671,');
      if (line.startsWith(`${ids.teacher},`))
        return line.replace(/^(\d+,ptk,\d{16}),,,/, `$1,,${nuptk},`);
      return line;
    });
    rewrite(first, '0012345671', '0012345679');
    rewrite(rina, nuptk, '');
    // The registry contradicts itself: a newcomer claims the second student's number.
    files.people.push(
      csvLine([
        900020,
        'pd',
        '3273010101100020',
        '0012345672',
        null,
        'Siswa Kembar',
        'SISWAKEMBAR',
        'P',
        '2014-02-02',
        'Ibu',
        'IBU',
        null,
        null,
      ]),
    );

    // One person a batch: each key is released in the batch of the person who receives it.
    const report = await createRegistrySyncService(context({ batchSize: 1 })).sync(
      snapshot('2026-03-16', files),
    );
    expect(report).toMatchObject({ added: 0, changed: 4, conflicts: 2, departed: 0 });
    expect(await keysOf(ids.student!)).toEqual({ nisn: '0012345671', nuptk: null });
    expect(await keysOf(first)).toEqual({ nisn: '0012345679', nuptk: null });
    expect(await keysOf(ids.teacher!)).toEqual({ nisn: null, nuptk });
    expect(await keysOf(rina)).toEqual({ nisn: null, nuptk: null });
    expect(await keysOf(second)).toEqual({ nisn: '0012345672', nuptk: null });
    expect(
      await t.database.db.select().from(people).where(eq(people.fullName, 'Siswa Kembar')),
    ).toEqual([]);

    // Two students swap their numbers in one batch: one statement could not do it.
    const swapped = await snapshotOfRegistry(t.database);
    swapped.people = swapped.people.map((line) =>
      line.startsWith(`${ids.student},`)
        ? line.replace('0012345671', '0012345672')
        : line.startsWith(`${second},`)
          ? line.replace('0012345672', '0012345671')
          : line,
    );
    const swap = await createRegistrySyncService(context()).sync(snapshot('2026-03-23', swapped));
    expect(swap).toMatchObject({ changed: 2, conflicts: 0 });
    expect((await keysOf(ids.student!))?.nisn).toBe('0012345672');
    expect((await keysOf(second))?.nisn).toBe('0012345671');
  });

  it('leaves malformed rows as stored and counted, and imports the rest', async () => {
    const files = await snapshotOfRegistry(t.database);
    const person = (id: number, kind: string, nik: string, nisn: string | null, name: string) =>
      csvLine([
        id,
        kind,
        nik,
        nisn,
        null,
        name,
        name.toUpperCase().replaceAll(' ', ''),
        'L',
        '1990-01-01',
        'Ibu',
        'IBU',
        null,
        null,
      ]);
    files.people.push(
      // A student number on an educator, and a NIK one digit short: each breaks a rule of
      // `people`, and applied would fail its batch on every retry.
      person(900030, 'ptk', '3273010101900030', '0012345630', 'Guru Bernomor Siswa'),
      person(900031, 'pd', '327301010110003', null, 'Siswa Nik Pendek'),
      person(900032, 'ptk', '3273010101900032', null, 'Guru Baru Rapi'),
    );
    files.school_memberships.push(csvLine([900032, FIXTURE.smp.npsn, 'teacher', null]));
    // A school whose NPSN is not eight characters of the rule.
    files.schools.push(files.schools[0]!.replace(/^[^,]+/, 'X1234567'));

    const report = await createRegistrySyncService(context({ batchSize: 2 })).sync(
      snapshot('2026-03-30', files),
    );

    expect(report).toMatchObject({ added: 1, conflicts: 3, departed: 0 });
    const named = (name: string) =>
      t.database.db.select({ id: people.id }).from(people).where(eq(people.fullName, name));
    expect(await named('Guru Baru Rapi')).toHaveLength(1);
    expect(await named('Guru Bernomor Siswa')).toEqual([]);
    expect(await named('Siswa Nik Pendek')).toEqual([]);
    expect(await rowsOf(t.database.db, sql`SELECT 1 FROM schools WHERE npsn = 'X1234567'`)).toEqual(
      [],
    );
  });
  it('imports a folder written from the stored registry as no change', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'registry-')), '2026-04-01');
    await writeSnapshotFolder(dir, await snapshotOfRegistry(t.database));
    const report = await createRegistrySyncService(context()).sync(folderSnapshot(dir));
    expect(report).toMatchObject({ alreadyImported: false, added: 0, conflicts: 0, departed: 0 });
  });
});
