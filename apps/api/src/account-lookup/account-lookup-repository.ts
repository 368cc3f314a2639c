import DataLoader from 'dataloader';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OfficeType } from '@portal/contracts/account-lookup';
import type { SchoolLevel, UserType } from '@portal/contracts/user-types';
import type { Db } from '../db/database';
import { learningAccounts, people, regions, schools } from '../db/schema';

export type PersonMatch = {
  id: number;
  kind: UserType;
  personalEmail: string | null;
  phone: string | null;
};

export type AccountSummary = { email: string; kind: UserType; schoolLevel: SchoolLevel | null };

type Where =
  | { kind: 'ptk' | 'pd'; npsn: string }
  | { kind: 'dinas'; regionCode: string; officeType: OfficeType };

const schoolColumns = {
  npsn: schools.npsn,
  name: schools.name,
  level: schools.level,
  regency: regions.name,
  province: sql<string>`(SELECT p.name FROM regions p WHERE p.code = ${regions.parentCode})`,
};

export type PersonWithAccounts = PersonMatch & { accounts: AccountSummary[] };

/** What one lookup asks for; name keys as the registry stores them (`personNameKey`). */
export type LookupQuery = {
  where: Where;
  birthDate: string;
  nameKey: string;
  motherNameKey: string;
};

export function createAccountLookupRepository(db: Db) {
  // The lookup is the portal's hottest query. Lookups that arrive together are answered by one
  // prepared statement (planned once per connection): each record is one lookup,
  // joined laterally to its people through the birth-date + name index. One round trip and one
  // execution for the batch instead of one per lookup.
  // The batch travels as one JSON parameter: both drivers pass a string as it is, where arrays of
  // enum values would need each driver's own array encoding.
  const asks = sql`json_to_recordset(${sql.placeholder('asks')}::json) AS q(i int,
      kind person_kind, birth_date date, name_key text, mother_key text, npsn text,
      region_code text, office_type office_type)`;
  const matches = sql`LATERAL (SELECT p.id, p.kind, p.personal_email, p.phone FROM people p
      WHERE p.birth_date = q.birth_date
        AND p.name_key = q.name_key
        AND p.mother_name_key = q.mother_key
        AND p.kind = q.kind
        AND CASE WHEN q.kind = 'dinas'
          THEN EXISTS (SELECT 1 FROM office_staff s JOIN offices o ON o.id = s.office_id
            WHERE s.person_id = p.id AND o.region_code = q.region_code AND o.type = q.office_type)
          ELSE EXISTS (SELECT 1 FROM school_memberships m
            WHERE m.person_id = p.id AND m.npsn = q.npsn AND (m.role = 'student') = (q.kind = 'pd'))
        END
      ORDER BY p.id LIMIT 2) p`;
  const findBatch = db
    .select({
      i: sql<number>`q.i`,
      id: sql<number>`p.id`.mapWith(Number),
      kind: sql<UserType>`p.kind`,
      personalEmail: sql<string | null>`p.personal_email`,
      phone: sql<string | null>`p.phone`,
      accounts: sql<AccountSummary[] | null>`(SELECT json_agg(json_build_object(
          'email', a.email, 'kind', a.kind, 'schoolLevel', a.school_level) ORDER BY a.id)
        FROM learning_accounts a WHERE a.person_id = p.id AND a.status = 'active')`,
    })
    .from(sql`${asks} CROSS JOIN ${matches}`)
    .orderBy(sql`q.i`, sql`p.id`)
    .prepare('lookup_batch');

  return {
    /**
     * For each query, the people of the kind at the school (or office) with that birth date,
     * name and mother's name (at most two), each with their active accounts. Names are compared by
     * their keys (SPEC: whatever their case, spacing and punctuation), as the index holds them.
     */
    async findPeople(queries: readonly LookupQuery[]): Promise<PersonWithAccounts[][]> {
      const asks = queries.map((query, i) => ({
        i,
        kind: query.where.kind,
        birth_date: query.birthDate,
        name_key: query.nameKey,
        mother_key: query.motherNameKey,
        ...(query.where.kind === 'dinas'
          ? { region_code: query.where.regionCode, office_type: query.where.officeType }
          : { npsn: query.where.npsn }),
      }));
      const rows = await findBatch.execute({ asks: JSON.stringify(asks) });
      const found: PersonWithAccounts[][] = queries.map(() => []);
      for (const { i, accounts, ...person } of rows) {
        found[i]!.push({ ...person, accounts: accounts ?? [] });
      }
      return found;
    },

    async person(id: number): Promise<PersonMatch | undefined> {
      const [row] = await db
        .select({
          id: people.id,
          kind: people.kind,
          personalEmail: people.personalEmail,
          phone: people.phone,
        })
        .from(people)
        .where(eq(people.id, id));
      return row;
    },

    async accounts(personId: number): Promise<AccountSummary[]> {
      return db
        .select({
          email: learningAccounts.email,
          kind: learningAccounts.kind,
          schoolLevel: learningAccounts.schoolLevel,
        })
        .from(learningAccounts)
        .where(and(eq(learningAccounts.personId, personId), eq(learningAccounts.status, 'active')))
        .orderBy(asc(learningAccounts.id));
    },

    async schoolByNpsn(npsn: string) {
      const [row] = await db
        .select(schoolColumns)
        .from(schools)
        .innerJoin(regions, eq(regions.code, schools.regencyCode))
        .where(eq(schools.npsn, npsn));
      return row;
    },

    /** Schools whose name contains the words typed, shortest names first (the trigram index). */
    async schoolsByName(nameKey: string, limit: number) {
      const pattern = `%${nameKey.replace(/[\\%_]/g, '\\$&')}%`;
      return db
        .select(schoolColumns)
        .from(schools)
        .innerJoin(regions, eq(regions.code, schools.regencyCode))
        .where(sql`${schools.nameKey} LIKE ${pattern}`)
        .orderBy(sql`length(${schools.name})`, asc(schools.name), asc(schools.npsn))
        .limit(limit);
    },
  };
}
export type AccountLookupRepository = ReturnType<typeof createAccountLookupRepository>;

// Lookups answered by one statement at most (decision 0024 and bench/README.md).
const LOOKUP_BATCH_MAX = 64;

/**
 * Lookups that arrive in the same turn of the event loop go to the database as one statement
 * (dispatched on setImmediate, after every request read in that turn has been handled).
 */
export function createLookupFinder(repository: AccountLookupRepository) {
  return new DataLoader<LookupQuery, PersonWithAccounts[]>(
    (queries) => repository.findPeople(queries),
    { cache: false, maxBatchSize: LOOKUP_BATCH_MAX, batchScheduleFn: (run) => setImmediate(run) },
  );
}
