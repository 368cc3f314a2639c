import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import {
  learningAccounts,
  people,
  schoolMemberships,
  schools,
  studentAccountRequestItems,
  studentAccountRequests,
} from '../db/schema';

export type ItemFailure = 'left_school' | 'has_account' | 'no_nisn' | 'no_birth_date';

// A school sees its newest requests, and the first failures of each, no more.
const REQUESTS_SHOWN = 50;
export const FAILURES_SHOWN = 100;

/** SQL only: a school's bulk requests for student accounts and their items. */
export function createStudentRequestsRepository(db: Db | Transaction) {
  return {
    async idBySelection(npsn: string, selectionKey: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: studentAccountRequests.id })
        .from(studentAccountRequests)
        .where(
          and(
            eq(studentAccountRequests.npsn, npsn),
            eq(studentAccountRequests.selectionKey, selectionKey),
          ),
        );
      return row?.id;
    },
    /** The request and one item per student, the items in one statement (one round trip). */
    async insert(
      values: { npsn: string; requestedBy: number; selectionKey: string },
      personIds: readonly number[],
    ): Promise<number> {
      const [request] = await db
        .insert(studentAccountRequests)
        .values({ ...values, total: personIds.length })
        .returning({ id: studentAccountRequests.id });
      if (!request) throw new Error('request not inserted');
      await db.execute(sql`INSERT INTO student_account_request_items (request_id, person_id)
        SELECT ${request.id}, json_array_elements_text(${JSON.stringify(personIds.map(String))}::json)::bigint`);
      return request.id;
    },
    /** The school's newest requests (or the one `only`), with their counts of items by status. */
    withCounts(npsn: string, only?: number) {
      const created = sql<number>`count(*) FILTER (WHERE ${studentAccountRequestItems.status} = 'created')::int`;
      const failed = sql<number>`count(*) FILTER (WHERE ${studentAccountRequestItems.status} = 'failed')::int`;
      return db
        .select({
          id: studentAccountRequests.id,
          status: studentAccountRequests.status,
          createdAt: studentAccountRequests.createdAt,
          completedAt: studentAccountRequests.completedAt,
          total: studentAccountRequests.total,
          passwordsDownloadedAt: studentAccountRequests.passwordsDownloadedAt,
          created,
          failed,
        })
        .from(studentAccountRequests)
        .innerJoin(
          studentAccountRequestItems,
          eq(studentAccountRequestItems.requestId, studentAccountRequests.id),
        )
        .where(
          and(
            eq(studentAccountRequests.npsn, npsn),
            only === undefined ? undefined : eq(studentAccountRequests.id, only),
          ),
        )
        .groupBy(studentAccountRequests.id)
        .orderBy(desc(studentAccountRequests.createdAt), desc(studentAccountRequests.id))
        .limit(REQUESTS_SHOWN);
    },
    /** The failed items of the requests, by name, enough to show `FAILURES_SHOWN` of each. */
    failures(requestIds: number[]) {
      return db
        .select({
          requestId: studentAccountRequestItems.requestId,
          name: people.fullName,
          reason: studentAccountRequestItems.failure,
        })
        .from(studentAccountRequestItems)
        .innerJoin(people, eq(people.id, studentAccountRequestItems.personId))
        .where(
          and(
            inArray(studentAccountRequestItems.requestId, requestIds),
            eq(studentAccountRequestItems.status, 'failed'),
          ),
        )
        .orderBy(people.nameKey)
        .limit(FAILURES_SHOWN * requestIds.length);
    },
    /** The school's request, locked until the transaction ends. */
    async lockOfSchool(id: number, npsn: string) {
      const [row] = await db
        .select({
          status: studentAccountRequests.status,
          passwordsDownloadedAt: studentAccountRequests.passwordsDownloadedAt,
        })
        .from(studentAccountRequests)
        .where(and(eq(studentAccountRequests.id, id), eq(studentAccountRequests.npsn, npsn)))
        .for('update');
      return row;
    },
    /** The accounts the request created, by name, with their sealed initial passwords. */
    createdAccounts(id: number) {
      return db
        .select({
          personId: people.id,
          name: people.fullName,
          nisn: people.nisn,
          email: learningAccounts.email,
          sealed: studentAccountRequestItems.initialPasswordSealed,
        })
        .from(studentAccountRequestItems)
        .innerJoin(people, eq(people.id, studentAccountRequestItems.personId))
        .innerJoin(learningAccounts, eq(learningAccounts.id, studentAccountRequestItems.accountId))
        .where(
          and(
            eq(studentAccountRequestItems.requestId, id),
            isNotNull(studentAccountRequestItems.accountId),
          ),
        )
        .orderBy(people.nameKey, people.id);
    },
    /** Forgets the request's initial passwords and records when they were handed out. */
    async forgetPasswords(id: number) {
      await db
        .update(studentAccountRequestItems)
        .set({ initialPasswordSealed: null })
        .where(eq(studentAccountRequestItems.requestId, id));
      await db
        .update(studentAccountRequests)
        .set({ passwordsDownloadedAt: sql`now()` })
        .where(eq(studentAccountRequests.id, id));
    },
    /** The first `limit` students of the request still waiting for an account. */
    waiting(requestId: number, limit: number) {
      return db
        .select({ personId: studentAccountRequestItems.personId })
        .from(studentAccountRequestItems)
        .where(
          and(
            eq(studentAccountRequestItems.requestId, requestId),
            eq(studentAccountRequestItems.status, 'pending'),
          ),
        )
        .orderBy(studentAccountRequestItems.personId)
        .limit(limit);
    },
    async school(requestId: number) {
      const [row] = await db
        .select({ npsn: studentAccountRequests.npsn, schoolName: schools.name })
        .from(studentAccountRequests)
        .innerJoin(schools, eq(schools.npsn, studentAccountRequests.npsn))
        .where(eq(studentAccountRequests.id, requestId));
      return row;
    },
    /**
     * Locks those of `personIds` still waiting, skipping any another worker holds, until the
     * transaction ends; answers them with what the checks and the account need.
     */
    lockWaiting(requestId: number, personIds: number[]) {
      return db
        .select({
          personId: people.id,
          fullName: people.fullName,
          nisn: people.nisn,
          birthDate: people.birthDate,
          personalEmail: people.personalEmail,
        })
        .from(studentAccountRequestItems)
        .innerJoin(people, eq(people.id, studentAccountRequestItems.personId))
        .where(
          and(
            eq(studentAccountRequestItems.requestId, requestId),
            eq(studentAccountRequestItems.status, 'pending'),
            inArray(studentAccountRequestItems.personId, personIds),
          ),
        )
        .for('update', { of: studentAccountRequestItems, skipLocked: true });
    },
    /** Those of `personIds` who are students of the school now. */
    async stillEnrolled(personIds: number[], npsn: string): Promise<Set<number>> {
      const rows = await db
        .select({ personId: schoolMemberships.personId })
        .from(schoolMemberships)
        .where(
          and(
            inArray(schoolMemberships.personId, personIds),
            eq(schoolMemberships.npsn, npsn),
            eq(schoolMemberships.role, 'student'),
            isNull(schoolMemberships.leftOn),
          ),
        );
      return new Set(rows.map((row) => row.personId));
    },
    /** Those of `personIds` who have a student account already. */
    async withStudentAccount(personIds: number[]): Promise<Set<number>> {
      const rows = await db
        .select({ personId: learningAccounts.personId })
        .from(learningAccounts)
        .where(and(inArray(learningAccounts.personId, personIds), eq(learningAccounts.kind, 'pd')));
      return new Set(rows.map((row) => row.personId));
    },
    async settleItem(
      requestId: number,
      personId: number,
      outcome:
        | { status: 'failed'; failure: ItemFailure }
        | { status: 'created'; accountId: number; initialPasswordSealed: string },
    ) {
      await db
        .update(studentAccountRequestItems)
        .set({ ...outcome, processedAt: sql`now()` })
        .where(
          and(
            eq(studentAccountRequestItems.requestId, requestId),
            eq(studentAccountRequestItems.personId, personId),
          ),
        );
    },
    /** Marks the request completed once no student waits; true when nothing waits any more. */
    async completeIfDone(requestId: number): Promise<boolean> {
      const pending = sql`EXISTS (SELECT 1 FROM ${studentAccountRequestItems}
        WHERE ${studentAccountRequestItems.requestId} = ${requestId}
          AND ${studentAccountRequestItems.status} = 'pending')`;
      const done = await db
        .update(studentAccountRequests)
        .set({ status: 'completed', completedAt: sql`now()` })
        .where(
          and(
            eq(studentAccountRequests.id, requestId),
            eq(studentAccountRequests.status, 'processing'),
            sql`NOT ${pending}`,
          ),
        )
        .returning({ id: studentAccountRequests.id });
      if (done.length > 0) return true;
      // Already completed by another worker, or gone: nothing waits either way.
      const [row] = await db
        .select({ waiting: sql<boolean>`${pending}` })
        .from(sql`(SELECT 1) AS one`);
      return !row?.waiting;
    },
  };
}
