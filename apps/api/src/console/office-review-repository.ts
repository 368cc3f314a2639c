import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONSOLE_PAGE_SIZE } from '@portal/contracts/console';
import type { Db, Transaction } from '../db/database';
import {
  learningAccounts,
  offices,
  officeAccountRequests,
  officeStaff,
  people,
  privateUploads,
  regions,
} from '../db/schema';

export type OfficeRequestRow = typeof officeAccountRequests.$inferSelect;
export type OfficeRequestFilter = {
  status?: string;
  province?: string;
  from?: string;
  to?: string;
  page: number;
};

const region = alias(regions, 'region');
const province = alias(regions, 'province');
const provinceCode = sql<string>`left(${officeAccountRequests.regionCode}, 2)`;

function matching(filter: OfficeRequestFilter): SQL | undefined {
  return and(
    filter.status ? eq(officeAccountRequests.status, filter.status as 'submitted') : undefined,
    filter.province ? eq(provinceCode, filter.province) : undefined,
    // Days as the ministry reads them: Jakarta time.
    filter.from
      ? gte(
          officeAccountRequests.createdAt,
          sql`(${filter.from}::date)::timestamp AT TIME ZONE 'Asia/Jakarta'`,
        )
      : undefined,
    filter.to
      ? lt(
          officeAccountRequests.createdAt,
          sql`((${filter.to}::date + 1)::timestamp) AT TIME ZONE 'Asia/Jakarta'`,
        )
      : undefined,
  );
}

/** SQL only: office account requests as staff review them, and the accounts made from them. */
export function createOfficeReviewRepository(db: Db | Transaction) {
  return {
    /** One page of the requests matching `filter`, newest first, and how many match in all. */
    async page(filter: OfficeRequestFilter) {
      const where = matching(filter);
      const [total] = await db.select({ n: count() }).from(officeAccountRequests).where(where);
      const rows = await db
        .select({
          id: officeAccountRequests.id,
          name: officeAccountRequests.fullName,
          officeType: officeAccountRequests.officeType,
          region: region.name,
          province: province.name,
          status: officeAccountRequests.status,
          createdAt: officeAccountRequests.createdAt,
        })
        .from(officeAccountRequests)
        .innerJoin(region, eq(region.code, officeAccountRequests.regionCode))
        .innerJoin(province, eq(province.code, provinceCode))
        .where(where)
        .orderBy(desc(officeAccountRequests.createdAt), desc(officeAccountRequests.id))
        .limit(CONSOLE_PAGE_SIZE)
        .offset((filter.page - 1) * CONSOLE_PAGE_SIZE);
      return { rows, total: total?.n ?? 0 };
    },
    /** The request with its place names and the e-mail of the account made from it, if any. */
    async detail(id: number) {
      const [row] = await db
        .select({
          request: officeAccountRequests,
          region: region.name,
          province: province.name,
          accountEmail: learningAccounts.email,
        })
        .from(officeAccountRequests)
        .innerJoin(region, eq(region.code, officeAccountRequests.regionCode))
        .innerJoin(province, eq(province.code, provinceCode))
        .leftJoin(learningAccounts, eq(learningAccounts.id, officeAccountRequests.accountId))
        .where(eq(officeAccountRequests.id, id));
      return row;
    },
    async upload(id: number, which: 'letter' | 'report') {
      const [row] = await db
        .select({
          storageKey: privateUploads.storageKey,
          createdAt: officeAccountRequests.createdAt,
        })
        .from(officeAccountRequests)
        .innerJoin(
          privateUploads,
          eq(
            privateUploads.id,
            which === 'letter'
              ? officeAccountRequests.letterUploadId
              : officeAccountRequests.reportUploadId,
          ),
        )
        .where(eq(officeAccountRequests.id, id));
      return row;
    },
    /** Records the decision on a request still waiting; undefined when none was waiting. */
    async decideWaiting(
      id: number,
      staffId: number,
      decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    ) {
      const [row] = await db
        .update(officeAccountRequests)
        .set({
          status: decision.status,
          decidedBy: staffId,
          decidedAt: sql`now()`,
          rejectionReason: decision.status === 'rejected' ? decision.reason : null,
        })
        .where(and(eq(officeAccountRequests.id, id), eq(officeAccountRequests.status, 'submitted')))
        .returning({
          email: officeAccountRequests.email,
          createdAt: officeAccountRequests.createdAt,
          language: officeAccountRequests.language,
        });
      return row;
    },
    async exists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: officeAccountRequests.id })
        .from(officeAccountRequests)
        .where(eq(officeAccountRequests.id, id));
      return row !== undefined;
    },
    /** The request, locked until the transaction ends. */
    async lockRequest(id: number): Promise<OfficeRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(officeAccountRequests)
        .where(eq(officeAccountRequests.id, id))
        .for('update');
      return row;
    },
    async regionName(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: regions.name })
        .from(regions)
        .where(eq(regions.code, code));
      return row?.name;
    },
    /** The office of a region and type, made with `name` when the registry has none yet. */
    async ensureOffice(values: {
      regionCode: string;
      type: OfficeRequestRow['officeType'];
      name: string;
    }): Promise<number | undefined> {
      await db.insert(offices).values(values).onConflictDoNothing();
      const [office] = await db
        .select({ id: offices.id })
        .from(offices)
        .where(and(eq(offices.regionCode, values.regionCode), eq(offices.type, values.type)));
      return office?.id;
    },
    async personByNik(nik: string): Promise<number | undefined> {
      const [person] = await db.select({ id: people.id }).from(people).where(eq(people.nik, nik));
      return person?.id;
    },
    async insertPerson(values: typeof people.$inferInsert): Promise<number | undefined> {
      const [person] = await db.insert(people).values(values).returning({ id: people.id });
      return person?.id;
    },
    async addStaff(values: { personId: number; officeId: number; position: string }) {
      await db.insert(officeStaff).values(values).onConflictDoNothing();
    },
    async setAccount(id: number, accountId: number) {
      await db
        .update(officeAccountRequests)
        .set({ accountId })
        .where(eq(officeAccountRequests.id, id));
    },
  };
}
export type OfficeReviewRepository = ReturnType<typeof createOfficeReviewRepository>;
