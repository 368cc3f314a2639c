import { learningAccounts, people, schoolMemberships } from '../db/schema';
import type { MadeBadge } from '../badges/badge-making-service';
import { personNameKey } from '../registry/name-normalizer';
import type { TestApp } from './test-app';

let serial = 0;

/**
 * A student of `npsn` in the registry with an active student (PD) account: the holder of a
 * badge in tests. Needs the school in the registry (the registry fixture's or one's own).
 */
export async function addStudentWithAccount(
  t: Pick<TestApp, 'database'>,
  npsn: string,
  name: string,
  grade: number | null = 2,
): Promise<{ personId: number; accountId: number; email: string }> {
  serial += 1;
  const { db } = t.database;
  const [person] = await db
    .insert(people)
    .values({
      kind: 'pd',
      nik: `3273${String(process.pid % 10_000).padStart(4, '0')}${String(serial).padStart(8, '0')}`,
      nisn: `${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(7, '0')}`,
      fullName: name,
      nameKey: personNameKey(name),
      gender: 'L',
      birthDate: '2018-07-01',
      motherName: 'Ibu',
      motherNameKey: 'IBU',
    })
    .returning({ id: people.id });
  await db.insert(schoolMemberships).values({ personId: person!.id, npsn, role: 'student', grade });
  const email = `${personNameKey(name)
    .toLowerCase()
    .replace(/[^a-z]/g, '')}${serial}@belajar.id`;
  const [account] = await db
    .insert(learningAccounts)
    .values({ email, kind: 'pd', personId: person!.id })
    .returning({ id: learningAccounts.id });
  return { personId: person!.id, accountId: account!.id, email };
}

/**
 * Makes a live badge for a student account of `npsn` (through the badges service, as a school
 * admin's batch does), answering its id and the secrets printed on the card.
 */
export async function makeBadgeForTest(
  t: Pick<TestApp, 'app'>,
  accountId: number,
  npsn: string,
): Promise<MadeBadge> {
  const made = await t.app.services.badges.makeBadge(accountId, npsn);
  if (!made) throw new Error(`account ${accountId} is not a current student account of ${npsn}`);
  return made;
}
