import { createHash } from 'node:crypto';
import {
  MAX_STUDENTS_PER_REQUEST,
  SCHOOL_ADMIN_MESSAGES,
  STUDENT_CSV_COLUMNS,
  type StudentRequest,
  type StudentRequestBody,
  type StudentSearchResult,
} from '@portal/contracts/school-admin';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import type { SchoolAdmin } from '../access/caller';
import { isUniqueViolation } from '../logging/database-errors';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../http/domain-errors';
import { createSchoolAdminRepository } from './school-admin-repository';
import { csvFile } from '../http/csv-file';
import type { SchoolAdminDependencies } from './school-admin-dependencies';
import { STUDENT_REQUEST_QUEUE } from './school-admin-dependencies';
import { createStudentRequestsRepository, FAILURES_SHOWN } from './student-requests-repository';

const notRequestable = () =>
  new ValidationError([{ field: 'students', message: SCHOOL_ADMIN_MESSAGES.notRequestable }], {
    id: 'students_not_requestable',
    message: SCHOOL_ADMIN_MESSAGES.notRequestable,
  });

const requestNotFound = () =>
  new NotFoundError({ id: 'request_not_found', message: SCHOOL_ADMIN_MESSAGES.requestNotFound });

/** The school's bulk requests for student accounts: the search, the request, its CSV. */
export function createStudentRequests({
  db,
  queue,
  audit,
  toggles,
  sealer,
}: SchoolAdminDependencies) {
  const repository = createSchoolAdminRepository(db);

  /** The school's requests (or only the one with id `only`), newest first, with progress. */
  async function requestsOf(admin: SchoolAdmin, only?: number): Promise<StudentRequest[]> {
    const requests = createStudentRequestsRepository(db);
    const rows = await requests.withCounts(admin.npsn, only);
    const withFailures = rows.filter((request) => request.failed > 0).map((r) => r.id);
    const failures = withFailures.length === 0 ? [] : await requests.failures(withFailures);
    return rows.map((request) => ({
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

  async function requestOf(admin: SchoolAdmin, id: number): Promise<StudentRequest> {
    const [request] = await requestsOf(admin, id);
    if (!request) throw requestNotFound();
    return request;
  }

  return {
    async searchStudents(
      admin: SchoolAdmin,
      input: { query: string; page: number; withEligibleIds: boolean },
    ): Promise<StudentSearchResult> {
      const page = await repository.searchStudents(admin.npsn, input.query, input.page);
      if (!input.withEligibleIds) return page;
      return {
        ...page,
        eligibleIds: await repository.eligibleStudentIds(
          admin.npsn,
          input.query,
          MAX_STUDENTS_PER_REQUEST,
        ),
      };
    },

    /**
     * Records a bulk request and queues its job in one transaction. Every selected student must
     * be requestable now (of the school, without an account, not already requested, no gap in
     * the record): a 400 otherwise, and nothing is written. The same selection again is the
     * same request (200, `created: false`), so a double click or a retry makes one.
     */
    async submitStudentRequest(
      admin: SchoolAdmin,
      body: StudentRequestBody,
      ip: string,
    ): Promise<{ request: StudentRequest; created: boolean }> {
      if (!(await toggles.isEnabled('ACCOUNT_CREATION'))) {
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
      const existing = await createStudentRequestsRepository(db).idBySelection(
        admin.npsn,
        selectionKey,
      );
      if (existing !== undefined)
        return { request: await requestOf(admin, existing), created: false };
      let requestId: number;
      try {
        requestId = await db.transaction(async (tx) => {
          const selected = await createSchoolAdminRepository(tx).selectedStudents(admin.npsn, ids);
          if (
            selected.length !== ids.length ||
            selected.some((student) => student.reason !== null)
          ) {
            throw notRequestable();
          }
          const id = await createStudentRequestsRepository(tx).insert(
            { npsn: admin.npsn, requestedBy: admin.accountId, selectionKey },
            ids,
          );
          await queue.send(
            STUDENT_REQUEST_QUEUE,
            { requestId: id },
            { tx, singletonKey: `student-request-${id}` },
          );
          await audit.record(
            {
              action: 'student-request',
              outcome: 'submitted',
              userType: 'pd',
              personId: admin.personId,
              ip,
              target: String(id),
            },
            tx,
          );
          return id;
        });
      } catch (error) {
        // Submitted twice at once: the other submission's request is this one.
        if (isUniqueViolation(error, 'student_account_requests_selection_key')) {
          const other = await createStudentRequestsRepository(db).idBySelection(
            admin.npsn,
            selectionKey,
          );
          if (other !== undefined)
            return { request: await requestOf(admin, other), created: false };
        }
        // A student taken by another request that committed first.
        if (isUniqueViolation(error, 'student_account_request_items_person_key'))
          throw notRequestable();
        throw error;
      }
      return { request: await requestOf(admin, requestId), created: true };
    },

    /** The school's requests, newest first, each with its progress and failures. */
    listStudentRequests: (admin: SchoolAdmin) => requestsOf(admin),

    requestOf,

    /**
     * The accounts a finished request created, as CSV for spreadsheet programs (UTF-8 with a
     * byte order mark, CRLF). The first download carries the initial passwords and, in the same
     * transaction, forgets them; every later one is the list without passwords.
     */
    studentRequestCsv(
      admin: SchoolAdmin,
      id: number,
      ip: string,
    ): Promise<{ csv: string; withPasswords: boolean }> {
      return db.transaction(async (tx) => {
        const requests = createStudentRequestsRepository(tx);
        const request = await requests.lockOfSchool(id, admin.npsn);
        if (!request) throw requestNotFound();
        if (request.status !== 'completed') {
          throw new ConflictError({
            id: 'request_not_finished',
            message: SCHOOL_ADMIN_MESSAGES.requestNotFinished,
          });
        }
        const withPasswords = request.passwordsDownloadedAt === null;
        const accounts = await requests.createdAccounts(id);
        const columns = withPasswords ? STUDENT_CSV_COLUMNS : STUDENT_CSV_COLUMNS.slice(0, 3);
        const records = accounts.map((account) => {
          const row = [account.name, account.nisn ?? '', account.email];
          if (withPasswords) {
            row.push(account.sealed ? sealer.open(id, account.personId, account.sealed) : '');
          }
          return row;
        });
        if (withPasswords) {
          await requests.forgetPasswords(id);
        }
        await audit.record(
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
        // A NISN is written as its plain digits, never as a `="…"` formula: the admin page says
        // to open the file with the NISN column as Text, which keeps its leading zeros.
        const csv = csvFile([[...columns], ...records]);
        return { csv, withPasswords };
      });
    },
  };
}
