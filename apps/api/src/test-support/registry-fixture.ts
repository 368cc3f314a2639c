import type { Database } from '../db/database';
import {
  learningAccounts,
  offices,
  officeStaff,
  people,
  regions,
  schoolMemberships,
  schools,
} from '../db/schema';
import { normalizeName, personNameKey } from '../registry/name-normalizer';

/** A small registry whose every person is one scenario of the lookup. */
export const FIXTURE = {
  sd: { npsn: '20212345', name: 'SD Negeri 1 Bandung', level: 'SD' as const },
  smp: { npsn: '20287654', name: 'SMP Negeri 2 Bandung', level: 'SMP' as const },
  teacher: {
    name: 'Dewi Lestari',
    typed: '  dewi   LESTARI. ',
    birthDate: '1985-04-12',
    motherName: 'Sri Wahyuni',
    typedMother: 'sri-wahyuni',
    email: 'dewi.lestari85@example.com',
    phone: '081234567890',
    accounts: ['dewi.lestari@belajar.id', 'dewi.lestari.smp@belajar.id'],
  },
  student: {
    name: "Nur'aini Putri",
    birthDate: '2013-09-01',
    motherName: 'Siti Aminah',
    accounts: ['nuraini.putri@belajar.id'],
  },
  newTeacher: {
    name: 'Budi Santoso',
    birthDate: '1990-01-20',
    motherName: 'Kartini',
    email: 'budi.s90@example.com',
  },
  dinas: {
    name: 'Ahmad Fauzi',
    birthDate: '1975-06-30',
    motherName: 'Rohimah',
    regionCode: '32.73',
    officeType: 'kota_kabupaten' as const,
    email: 'ahmad.fauzi@example.com',
    accounts: ['ahmad.fauzi@belajar.id'],
  },
};

export async function loadRegistryFixture(
  database: Database,
): Promise<{ ids: Record<string, number> }> {
  const { db } = database;
  await db.insert(regions).values([
    { code: '32', parentCode: null, level: 'province', name: 'Jawa Barat' },
    { code: '32.73', parentCode: '32', level: 'regency', name: 'Kota Bandung' },
  ]);
  await db.insert(schools).values(
    [FIXTURE.sd, FIXTURE.smp].map((s) => ({
      ...s,
      nameKey: normalizeName(s.name),
      regencyCode: '32.73',
    })),
  );
  const [office] = await db
    .insert(offices)
    .values({ regionCode: '32.73', type: 'kota_kabupaten', name: 'Dinas Pendidikan Kota Bandung' })
    .returning({ id: offices.id });
  const person = (p: {
    kind: 'ptk' | 'pd' | 'dinas';
    nik: string;
    name: string;
    birthDate: string;
    motherName: string;
    email?: string | null;
    phone?: string | null;
    gender: 'L' | 'P';
  }) => ({
    kind: p.kind,
    nik: p.nik,
    fullName: p.name,
    nameKey: personNameKey(p.name),
    gender: p.gender,
    birthDate: p.birthDate,
    motherName: p.motherName,
    motherNameKey: personNameKey(p.motherName),
    personalEmail: p.email ?? null,
    phone: p.phone ?? null,
  });
  const rows = await db
    .insert(people)
    .values([
      person({ kind: 'ptk', nik: '3273015204850001', gender: 'P', ...FIXTURE.teacher }),
      person({ kind: 'pd', nik: '3273014109130002', gender: 'P', ...FIXTURE.student }),
      person({ kind: 'ptk', nik: '3273012001900003', gender: 'L', ...FIXTURE.newTeacher }),
      person({ kind: 'dinas', nik: '3273013006750004', gender: 'L', ...FIXTURE.dinas }),
    ])
    .returning({ id: people.id });
  const [teacher, student, newTeacher, dinas] = rows.map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(schoolMemberships).values([
    { personId: teacher, npsn: FIXTURE.sd.npsn, role: 'teacher' },
    { personId: teacher, npsn: FIXTURE.smp.npsn, role: 'teacher' },
    { personId: student, npsn: FIXTURE.sd.npsn, role: 'student' },
    { personId: newTeacher, npsn: FIXTURE.sd.npsn, role: 'teacher' },
  ]);
  await db
    .insert(officeStaff)
    .values({ personId: dinas, officeId: office!.id, position: 'Kepala Bidang' });
  await db.insert(learningAccounts).values([
    { email: FIXTURE.teacher.accounts[0]!, kind: 'ptk', personId: teacher, schoolLevel: 'SD' },
    { email: FIXTURE.teacher.accounts[1]!, kind: 'ptk', personId: teacher, schoolLevel: 'SMP' },
    { email: FIXTURE.student.accounts[0]!, kind: 'pd', personId: student },
    { email: FIXTURE.dinas.accounts[0]!, kind: 'dinas', personId: dinas, officeId: office!.id },
  ]);
  return { ids: { teacher, student, newTeacher, dinas } };
}
