import type { Db } from '../db/database';
import type { DemoIdentity } from './demo-identities';
import { createDemoRepository } from './demo-repository';

/**
 * The synthetic registry records no classes; the demo school's students get one from their
 * birth date (the class a child of that age is usually in on 1 July), so the badges page can
 * choose a whole class. Only where none is recorded, and only in the demo school.
 */
export async function ensureDemoClasses(
  db: Db,
  identities: readonly DemoIdentity[],
): Promise<string | null> {
  const npsn = identities.find((identity) => identity.userType === 'pd')?.npsn ?? null;
  if (!npsn) return null;
  const schoolYear =
    new Date().getUTCMonth() >= 6 ? new Date().getUTCFullYear() : new Date().getUTCFullYear() - 1;
  await createDemoRepository(db).assignClassesByAge(npsn, schoolYear);
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
