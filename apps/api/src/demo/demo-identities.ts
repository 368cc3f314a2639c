import { accountDomain } from '@portal/contracts/brand';
import type { UserType } from '@portal/contracts/user-types';
import type { Db } from '../db/database';
import { createDemoRepository, type IdentityRow } from './demo-repository';
import type { OfficeType } from './registry-generator';

/** What a person of each user type types into the account lookup, and the account it finds. */
export type DemoIdentity = {
  userType: UserType;
  /** The school's NPSN; null for Dinas, who name their office instead. */
  npsn: string | null;
  schoolName: string | null;
  office: { name: string; type: OfficeType; regionCode: string; regionName: string } | null;
  fullName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  motherName: string;
  accountEmail: string;
};

function toIdentity(userType: UserType, row: IdentityRow): DemoIdentity {
  return {
    userType,
    npsn: row.npsn,
    schoolName: row.school_name,
    office:
      row.office_name && row.office_type && row.region_code && row.region_name
        ? {
            name: row.office_name,
            type: row.office_type,
            regionCode: row.region_code,
            regionName: row.region_name,
          }
        : null,
    fullName: row.full_name,
    birthDate: row.birth_date,
    motherName: row.mother_name,
    accountEmail: row.email,
  };
}

/** One current demo identity per user type (fewer if the registry has none of a type). */
export async function demoIdentities(db: Db, productName: string): Promise<DemoIdentity[]> {
  const repository = createDemoRepository(db);
  const pattern = `%@${accountDomain({ productName })}`;
  const found: DemoIdentity[] = [];
  const ptk = await repository.firstSchoolPerson('ptk', pattern);
  if (ptk) found.push(toIdentity('ptk', ptk));
  const pd = await repository.firstSchoolPerson('pd', pattern);
  if (pd) found.push(toIdentity('pd', pd));
  const dinas = await repository.firstOfficePerson(pattern);
  if (dinas) found.push(toIdentity('dinas', dinas));
  return found;
}

/**
 * The demo identities as lines for the console. Deliberately personal-looking: every value
 * is synthetic, and printing them is how a developer finds someone to look up.
 */
export function formatDemoIdentities(identities: readonly DemoIdentity[]): string {
  const lines = ['Demo identities (synthetic registry data) for the account lookup:'];
  for (const id of identities) {
    const where = id.office
      ? `office ${id.office.type} ${id.office.regionCode} (${id.office.regionName})`
      : `NPSN ${id.npsn ?? '-'} (${id.schoolName ?? '-'})`;
    lines.push(
      `  ${id.userType.toUpperCase().padEnd(5)} ${where} | name ${id.fullName} | born ${id.birthDate} | ` +
        `mother ${id.motherName} -> ${id.accountEmail}`,
    );
  }
  if (identities.length === 0) lines.push('  (none: the registry is empty)');
  return lines.join('\n');
}
