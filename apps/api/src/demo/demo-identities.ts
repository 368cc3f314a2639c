import { sql, type SQL } from 'drizzle-orm';
import { accountDomain } from '@portal/contracts/brand';
import type { UserType } from '@portal/contracts/user-types';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows-of';
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

type IdentityRow = {
  full_name: string;
  birth_date: string;
  mother_name: string;
  email: string;
  npsn: string | null;
  school_name: string | null;
  office_name: string | null;
  office_type: OfficeType | null;
  region_code: string | null;
  region_name: string | null;
};

async function firstRow(database: Database, query: SQL): Promise<IdentityRow | undefined> {
  const [row] = await rowsOf<IdentityRow>(database.db, query);
  return row;
}

// Someone who left the registry (a snapshot without them) is due for deletion: a demo that
// offered them would lead to a notice, not to an account. A report upheld keeps them current.
const current = sql`NOT EXISTS (SELECT 1 FROM account_deletions d
    WHERE d.person_id = p.id AND d.status <> 'cancelled')`;

// The first person of the kind (by id) with an account and a personal e-mail: the same
// people for the same seed, and ones the reset journey can send a code to.
function schoolQuery(kind: 'ptk' | 'pd', domainPattern: string): SQL {
  return sql`SELECT p.full_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.mother_name,
      a.email, s.npsn, s.name AS school_name, NULL AS office_name, NULL AS office_type,
      NULL AS region_code, NULL AS region_name
    FROM people p
    JOIN learning_accounts a ON a.person_id = p.id AND a.kind = ${kind}
    JOIN school_memberships m ON m.person_id = p.id AND m.left_on IS NULL
    JOIN schools s ON s.npsn = m.npsn AND (a.school_level IS NULL OR s.level = a.school_level)
    WHERE p.kind = ${kind} AND p.personal_email IS NOT NULL AND a.email LIKE ${domainPattern}
      AND ${current}
    ORDER BY p.id, a.id
    LIMIT 1`;
}

function dinasQuery(domainPattern: string): SQL {
  return sql`SELECT p.full_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.mother_name,
      a.email, NULL AS npsn, NULL AS school_name, o.name AS office_name, o.type AS office_type,
      r.code AS region_code, r.name AS region_name
    FROM people p
    JOIN learning_accounts a ON a.person_id = p.id AND a.kind = 'dinas'
    JOIN offices o ON o.id = a.office_id
    JOIN regions r ON r.code = o.region_code
    WHERE p.kind = 'dinas' AND p.personal_email IS NOT NULL AND a.email LIKE ${domainPattern}
      AND ${current}
    ORDER BY p.id, a.id
    LIMIT 1`;
}

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
export async function demoIdentities(
  database: Database,
  productName: string,
): Promise<DemoIdentity[]> {
  const pattern = `%@${accountDomain({ productName })}`;
  const found: DemoIdentity[] = [];
  const ptk = await firstRow(database, schoolQuery('ptk', pattern));
  if (ptk) found.push(toIdentity('ptk', ptk));
  const pd = await firstRow(database, schoolQuery('pd', pattern));
  if (pd) found.push(toIdentity('pd', pd));
  const dinas = await firstRow(database, dinasQuery(pattern));
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
