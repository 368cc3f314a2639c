import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  MAX_STUDENTS_PER_REQUEST,
  SCHOOL_ADMIN_MESSAGES,
  STUDENT_CSV_COLUMNS,
  type StudentRequest,
  type StudentRequestBody,
  type StudentSearchResult,
} from '@portal/contracts/school-admin';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import type { AuditLog } from '../audit/audit-repository';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/database-errors';
import {
  learningAccounts,
  people,
  studentAccountRequestItems,
  studentAccountRequests,
} from '../db/schema';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../http/domain-errors';
import type { JobQueue } from '../jobs/job-queue';
import type { InitialPasswordSealer } from './initial-passwords';
import type { SchoolAdmin } from '../access/caller';
import type { createSchoolAdminRepository } from './school-admin-repository';
import { STUDENT_REQUEST_QUEUE } from './student-request-jobs';

export type StudentRequestsContext = {
  db: Db;
  queue: JobQueue;
  audit: AuditLog;
  toggles: FeatureTogglesService;
  sealer: InitialPasswordSealer;
  repository: ReturnType<typeof createSchoolAdminRepository>;
};

const FAILURES_SHOWN = 100;
const REQUESTS_SHOWN = 50;

export async function searchStudents(
  ctx: StudentRequestsContext,
  admin: SchoolAdmin,
  input: { query: string; page: number; withEligibleIds: boolean },
): Promise<StudentSearchResult> {
  const page = await ctx.repository.searchStudents(admin.npsn, input.query, input.page);
  if (!input.withEligibleIds) return page;
  return {
    ...page,
    eligibleIds: await ctx.repository.eligibleStudentIds(
      admin.npsn,
      input.query,
      MAX_STUDENTS_PER_REQUEST,
    ),
  };
}

const notRequestable = () =>
  new ValidationError([{ field: 'students', message: SCHOOL_ADMIN_MESSAGES.notRequestable }], {
    id: 'students_not_requestable',
    message: SCHOOL_ADMIN_MESSAGES.notRequestable,
  });

/**
 * Records a bulk request and queues its job in one transaction. Every selected student must be
 * requestable now (of the school, without an account, not already requested, no gap in the
 * record): a 400 otherwise, and nothing is written. The same selection again is the same
 * request (200, `created: false`), so a double click or a retry makes one.
 */
export async function submitStudentRequest(
  ctx: StudentRequestsContext,
  admin: SchoolAdmin,
  body: StudentRequestBody,
  ip: string,
): Promise<{ request: StudentRequest; created: boolean }> {
  if (!(await ctx.toggles.isEnabled('ACCOUNT_CREATION'))) {
    throw new ForbiddenError({
      id: 'account_creation_off',
      message: LOOKUP_MESSAGES.accountCreationOff,
    });
  }
  const ids = [...new Set(body.students.map((student) => Number(student.id)))].sort(
    (a, b) => a - b,
  );
  const selectionKey = createHash('sha256')
    .update(`${admin.npsn}:${ids.join(',')}`)
    .digest('hex');
  const existing = await requestBySelection(ctx.db, admin.npsn, selectionKey);
  if (existing !== undefined)
    return { request: await requestOf(ctx, admin, existing), created: false };
  let requestId: number;
  try {
    requestId = await ctx.db.transaction(async (tx) => {
      const selected = await ctx.repository.selectedStudents(tx, admin.npsn, ids);
      if (selected.length !== ids.length || selected.some((student) => student.reason !== null)) {
        throw notRequestable();
      }
      const [request] = await tx
        .insert(studentAccountRequests)
        .values({
          npsn: admin.npsn,
          requestedBy: admin.accountId,
          selectionKey,
          total: ids.length,
        })
        .returning({ id: studentAccountRequests.id });
      if (!request) throw new Error('request not inserted');
      // One statement for the whole selection: 5,000 rows in one round trip.
      await tx.execute(sql`INSERT INTO student_account_request_items (request_id, person_id)
        SELECT ${request.id}, json_array_elements_text(${JSON.stringify(ids.map(String))}::json)::bigint`);
      await ctx.queue.send(
        STUDENT_REQUEST_QUEUE,
        { requestId: request.id },
        { tx, singletonKey: `student-request-${request.id}` },
      );
      await ctx.audit.record(
        {
          action: 'student-request',
          outcome: 'submitted',
          userType: 'pd',
          personId: admin.personId,
          ip,
          target: String(request.id),
        },
        tx,
      );
      return request.id;
    });
  } catch (error) {
    // Submitted twice at once: the other submission's request is this one.
    if (isUniqueViolation(error, 'student_account_requests_selection_key')) {
      const other = await requestBySelection(ctx.db, admin.npsn, selectionKey);
      if (other !== undefined)
        return { request: await requestOf(ctx, admin, other), created: false };
    }
    // A student taken by another request that committed first.
    if (isUniqueViolation(error, 'student_account_request_items_person_key'))
      throw notRequestable();
    throw error;
  }
  return { request: await requestOf(ctx, admin, requestId), created: true };
}

async function requestBySelection(db: Db, npsn: string, selectionKey: string) {
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
}

/** The school's requests, newest first, each with its progress and failures. */
export async function listStudentRequests(
  ctx: StudentRequestsContext,
  admin: SchoolAdmin,
  only?: number,
): Promise<StudentRequest[]> {
  const { db } = ctx;
  const created = sql<number>`count(*) FILTER (WHERE ${studentAccountRequestItems.status} = 'created')::int`;
  const failed = sql<number>`count(*) FILTER (WHERE ${studentAccountRequestItems.status} = 'failed')::int`;
  const requests = await db
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
        eq(studentAccountRequests.npsn, admin.npsn),
        only === undefined ? undefined : eq(studentAccountRequests.id, only),
      ),
    )
    .groupBy(studentAccountRequests.id)
    .orderBy(desc(studentAccountRequests.createdAt), desc(studentAccountRequests.id))
    .limit(REQUESTS_SHOWN);
  const withFailures = requests.filter((request) => request.failed > 0).map((r) => r.id);
  const failures =
    withFailures.length === 0
      ? []
      : await db
          .select({
            requestId: studentAccountRequestItems.requestId,
            name: people.fullName,
            reason: studentAccountRequestItems.failure,
          })
          .from(studentAccountRequestItems)
          .innerJoin(people, eq(people.id, studentAccountRequestItems.personId))
          .where(
            and(
              inArray(studentAccountRequestItems.requestId, withFailures),
              eq(studentAccountRequestItems.status, 'failed'),
            ),
          )
          .orderBy(people.nameKey)
          .limit(FAILURES_SHOWN * withFailures.length);
  return requests.map((request) => ({
    id: String(request.id),
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    completedAt: request.completedAt?.toISOString() ?? null,
    total: request.total,
    created: request.created,
    failed: request.failed,
    failures: failures
      .filter((failure) => failure.requestId === request.id)
      .slice(0, FAILURES_SHOWN)
      .map((failure) => ({
        name: failure.name,
        reason: (failure.reason ?? 'left_school') as StudentRequest['failures'][number]['reason'],
      })),
    passwordsAvailable:
      request.status === 'completed' &&
      request.passwordsDownloadedAt === null &&
      request.created > 0,
  }));
}

export async function requestOf(
  ctx: StudentRequestsContext,
  admin: SchoolAdmin,
  id: number,
): Promise<StudentRequest> {
  const [request] = await listStudentRequests(ctx, admin, id);
  if (!request) {
    throw new NotFoundError({
      id: 'request_not_found',
      message: SCHOOL_ADMIN_MESSAGES.requestNotFound,
    });
  }
  return request;
}

/**
 * The accounts a finished request created, as CSV for spreadsheet programs (UTF-8 with a byte
 * order mark, CRLF). The first download carries the initial passwords and, in the same
 * transaction, forgets them; every later one is the list without passwords.
 */
export async function studentRequestCsv(
  ctx: StudentRequestsContext,
  admin: SchoolAdmin,
  id: number,
  ip: string,
): Promise<{ csv: string; withPasswords: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        status: studentAccountRequests.status,
        passwordsDownloadedAt: studentAccountRequests.passwordsDownloadedAt,
      })
      .from(studentAccountRequests)
      .where(and(eq(studentAccountRequests.id, id), eq(studentAccountRequests.npsn, admin.npsn)))
      .for('update');
    if (!request) {
      throw new NotFoundError({
        id: 'request_not_found',
        message: SCHOOL_ADMIN_MESSAGES.requestNotFound,
      });
    }
    if (request.status !== 'completed') {
      throw new ConflictError({
        id: 'request_not_finished',
        message: SCHOOL_ADMIN_MESSAGES.requestNotFinished,
      });
    }
    const withPasswords = request.passwordsDownloadedAt === null;
    const accounts = await tx
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
    const columns = withPasswords ? STUDENT_CSV_COLUMNS : STUDENT_CSV_COLUMNS.slice(0, 3);
    const records = accounts.map((account) => {
      const row = [account.name, account.nisn ?? '', account.email];
      if (withPasswords) {
        row.push(account.sealed ? ctx.sealer.open(id, account.personId, account.sealed) : '');
      }
      return row;
    });
    if (withPasswords) {
      await tx
        .update(studentAccountRequestItems)
        .set({ initialPasswordSealed: null })
        .where(eq(studentAccountRequestItems.requestId, id));
      await tx
        .update(studentAccountRequests)
        .set({ passwordsDownloadedAt: sql`now()` })
        .where(eq(studentAccountRequests.id, id));
    }
    await ctx.audit.record(
      {
        action: 'student-request',
        outcome: withPasswords ? 'downloaded-with-passwords' : 'downloaded-list',
        userType: 'pd',
        personId: admin.personId,
        ip,
        target: String(id),
      },
      tx,
    );
    const csv = stringify(
      [[...columns], ...records].map((row) => row.map(inertCell)),
      { bom: true, record_delimiter: 'windows' },
    );
    return { csv, withPasswords };
  });
}

// OWASP's CSV injection list: a spreadsheet reads a cell that starts with one of these as a
// formula (tab and CR because some programs trim them and read what follows).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell no spreadsheet runs: one that would start a formula gets a leading `'` (OWASP's advice;
 * only a name from the registry could, and it stays readable). A NISN is written as its plain
 * digits, never as a `="…"` formula: the admin page says to open the file with the NISN column
 * as Text, which keeps its leading zeros.
 */
function inertCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
