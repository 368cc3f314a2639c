import { CONSOLE_MESSAGES } from '@portal/contracts/console';
import { ConflictError } from '../http/domain-errors';
import { officeRequestNumber } from '../office-request/office-request-service';
import type { ConsoleDependencies } from './console-dependencies';
import { OFFICE_ACCOUNT_QUEUE } from './console-dependencies';
import { createOfficeReviewRepository } from './office-review-repository';
import {
  actor,
  readOfficeRequestDetail,
  requestNotFound,
  type Staff,
} from './office-review-service';

/** Approving or rejecting an office request. */
export function createOfficeDecisions({
  db,
  queue,
  outbox,
  templates,
  audit,
}: ConsoleDependencies) {
  /** Decides a request still waiting, once: a second decision (or a race) is a 409. */
  function decide(
    staff: Staff,
    id: number,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    ip: string,
  ) {
    return db.transaction(async (tx) => {
      const repository = createOfficeReviewRepository(tx);
      const row = await repository.decideWaiting(id, staff.staffId, decision);
      if (!row) {
        if (!(await repository.exists(id))) throw requestNotFound();
        throw new ConflictError({
          id: 'request_already_decided',
          message: CONSOLE_MESSAGES.alreadyDecided,
        });
      }
      const number = officeRequestNumber(id, row.createdAt);
      if (decision.status === 'approved') {
        await queue.send(
          OFFICE_ACCOUNT_QUEUE,
          { requestId: id },
          { tx, singletonKey: `office-${id}` },
        );
      } else {
        await outbox.enqueue(
          tx,
          templates.in(row.language).officeRequestRejected(row.email, number, decision.reason),
        );
      }
      await audit.record(
        {
          action: 'office-request',
          outcome: decision.status,
          userType: 'dinas',
          actor: actor(staff),
          ip,
          target: number,
          changes: {
            before: { number, status: 'submitted' },
            after: { number, ...decision },
          },
        },
        tx,
      );
      return readOfficeRequestDetail(repository, id);
    });
  }

  return {
    approveOfficeRequest: (staff: Staff, id: number, ip: string) =>
      decide(staff, id, { status: 'approved' }, ip),
    rejectOfficeRequest: (staff: Staff, id: number, reason: string, ip: string) =>
      decide(staff, id, { status: 'rejected', reason }, ip),
  };
}
