import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rowCountOf } from '../db/rows-of';
import type { DemoIdentity } from './demo-identities';

/**
 * The synthetic registry records no classes; the demo school's students get one from their
 * birth date (the class a child of that age is usually in on 1 July), so the badges page can
 * choose a whole class. Only where none is recorded, and only in the demo school.
 */
export async function ensureDemoClasses(
  database: Database,
  identities: readonly DemoIdentity[],
): Promise<string | null> {
  const npsn = identities.find((identity) => identity.userType === 'pd')?.npsn ?? null;
  if (!npsn) return null;
  const schoolYear =
    new Date().getUTCMonth() >= 6 ? new Date().getUTCFullYear() : new Date().getUTCFullYear() - 1;
  await rowCountOf(
    database.db,
    sql`UPDATE school_memberships m
      SET grade = least(greatest(
        date_part('year', age(make_date(${schoolYear}, 7, 1), p.birth_date))::int
          - CASE s.level WHEN 'SMP' THEN 12 WHEN 'SMA' THEN 15 WHEN 'SMK' THEN 15 ELSE 6 END
          + CASE s.level WHEN 'SMP' THEN 6 WHEN 'SMA' THEN 9 WHEN 'SMK' THEN 9 ELSE 0 END,
        CASE s.level WHEN 'SMP' THEN 7 WHEN 'SMA' THEN 10 WHEN 'SMK' THEN 10 ELSE 1 END),
        CASE s.level WHEN 'SMP' THEN 9 WHEN 'SMA' THEN 12 WHEN 'SMK' THEN 12 ELSE 6 END)
      FROM people p, schools s
      WHERE m.npsn = ${npsn} AND m.role = 'student' AND m.grade IS NULL
        AND p.id = m.person_id AND p.birth_date IS NOT NULL AND s.npsn = m.npsn`,
  );
  return npsn;
}

/** How to try the printed sign-in badges, for the console at start. */
export const formatDemoBadges = (url: string, npsn: string): string =>
  [
    'Printed sign-in badges (Kartu Masuk):',
    `  Sign in as the school-admin above at ${url}/admin, enrol an authenticator app when asked`,
    `  (badges need a second factor), then open ${url}/admin/kartu-masuk: choose a class of NPSN`,
    `  ${npsn}, make its badges, download the PDF of cards. A child signs in to the demo platform`,
    '  with a card: its QR code to the camera, or its short code with the NPSN.',
  ].join('\n');
