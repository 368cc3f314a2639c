import {
  CONSOLE_MESSAGES,
  CONSOLE_PAGE_SIZE,
  type OfficeRequestDetail,
} from '@portal/contracts/console';
import { NotFoundError } from '../http/domain-errors';
import { officeRequestNumber } from '../office-request/office-request-service';
import type { ConsoleDependencies } from './console-dependencies';
import {
  createOfficeReviewRepository,
  type OfficeRequestFilter,
  type OfficeReviewRepository,
} from './office-review-repository';

export type Staff = { staffId: number };
/** How the audit log names a member of staff. */
export const actor = (staff: Staff) => `staff:${staff.staffId}`;

export const requestNotFound = () =>
  new NotFoundError({ id: 'request_not_found', message: CONSOLE_MESSAGES.requestNotFound });

/** The request as staff see it, read through `repository` (in a transaction or not). */
export async function readOfficeRequestDetail(
  repository: OfficeReviewRepository,
  id: number,
): Promise<OfficeRequestDetail> {
  const row = await repository.detail(id);
  if (!row) throw requestNotFound();
  const r = row.request;
  return {
    id: String(r.id),
    number: officeRequestNumber(r.id, r.createdAt),
    name: r.fullName,
    officeType: r.officeType,
    region: row.region,
    province: row.province,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    nik: r.nik,
    birthDate: r.birthDate,
    motherName: r.motherName,
    email: r.email,
    phone: r.phone,
    position: r.position,
    positionOther: r.positionOther,
    letterSubject: r.letterSubject,
    letterNumber: r.letterNumber,
    platforms: r.platforms,
    hasEducationReport: r.reportUploadId !== null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    rejectionReason: r.rejectionReason,
    accountEmail: row.accountEmail,
  };
}

/** Reading office requests: the list, one request, its files. */
export function createOfficeReview({ db, replica, audit, storage }: ConsoleDependencies) {
  const repository = createOfficeReviewRepository(db);
  return {
    /** Requests for review, newest first, filtered by status, province and day of submission. */
    async listOfficeRequests(filter: OfficeRequestFilter) {
      // A list may be a few seconds behind; a request opened from it is read on the primary.
      const { rows, total } = await replica((replicaDb) =>
        createOfficeReviewRepository(replicaDb).page(filter),
      );
      return {
        items: rows.map((row) => ({
          ...row,
          id: String(row.id),
          number: officeRequestNumber(row.id, row.createdAt),
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page: filter.page,
        pageSize: CONSOLE_PAGE_SIZE,
      };
    },

    officeRequestDetail: (id: number) => readOfficeRequestDetail(repository, id),

    /** The request's letter (or education report), for staff to read inline; audited. */
    async officeRequestFile(
      staff: Staff,
      id: number,
      which: 'letter' | 'report',
      ip: string,
    ): Promise<Buffer> {
      const row = await repository.upload(id, which);
      if (!row) throw requestNotFound();
      await audit.record({
        action: 'office-request',
        outcome: `read-${which}`,
        actor: actor(staff),
        ip,
        target: officeRequestNumber(id, row.createdAt),
      });
      return storage.get(row.storageKey);
    },
  };
}
