import { CONSOLE_MESSAGES } from '@portal/contracts/console';
import { ConflictError } from '../http/domain-errors';
import { officeRequestNumber } from '../office-request/office-request-service';
import { OFFICE_ACCOUNT_QUEUE } from './office-account-jobs';
import { createOfficeReviewRepository } from './office-review-repository';
import {
  actor,
  readOfficeRequestDetail,
  requestNotFound,
  type ConsoleContext,
  type Staff,
} from './office-review-service';

/** Decides a request still waiting, once: a second decision (or a race) is a 409. */
async function decide(
  ctx: ConsoleContext,
  staff: Staff,
  id: number,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
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
      await ctx.queue.send(
        OFFICE_ACCOUNT_QUEUE,
        { requestId: id },
        { tx, singletonKey: `office-${id}` },
      );
    } else {
      await ctx.outbox.enqueue(
        tx,
        ctx.templates.in(row.language).officeRequestRejected(row.email, number, decision.reason),
      );
    }
    await ctx.audit.record(
      {
        action: 'office-request',
        outcome: decision.status,
        userType: 'dinas',
        actor: actor(staff),
        ip,
        target: number,
      },
      tx,
    );
    return readOfficeRequestDetail(repository, id);
  });
}

export const approveOfficeRequest = (ctx: ConsoleContext, staff: Staff, id: number, ip: string) =>
  decide(ctx, staff, id, { status: 'approved' }, ip);
export const rejectOfficeRequest = (
  ctx: ConsoleContext,
  staff: Staff,
  id: number,
  reason: string,
  ip: string,
) => decide(ctx, staff, id, { status: 'rejected', reason }, ip);
