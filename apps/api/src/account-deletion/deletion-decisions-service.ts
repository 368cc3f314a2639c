import {
  DELETION_MESSAGES,
  type DeletionItem,
  type DeletionList,
} from '@portal/contracts/account-deletion';
import { CONSOLE_PAGE_SIZE } from '@portal/contracts/console';
import { ConflictError, NotFoundError } from '../http/domain-errors';
import { addDays, daysBetween, jakartaDay } from '../jobs/clock';
import { createAccountDeletionRepository, type Deletion } from './account-deletion-repository';
import type { DeletionDependencies } from './account-deletion-dependencies';

type Staff = { staffId: number };

const deletionItem = (d: Deletion, name: string | null): DeletionItem => ({
  id: String(d.id),
  name,
  kind: d.kind,
  status: d.status,
  deletionOn: d.deletionOn,
  removalOn: d.removalOn,
  reportedAt: d.reportedAt?.toISOString() ?? null,
  reportedBy: d.reportedBy as DeletionItem['reportedBy'],
  reportReason: d.reportReason,
  decision: d.decision as DeletionItem['decision'],
  decidedAt: d.decidedAt?.toISOString() ?? null,
});

/** The console's review of deletions and its decision on a report. */
export function createDeletionDecisions({
  db,
  outbox,
  templates,
  audit,
  now,
}: DeletionDependencies) {
  return {
    /** Deletions for the console, reports first, then by stated date, a page at a time. */
    async listDeletions(filter: {
      status?: Deletion['status'] | undefined;
      page: number;
    }): Promise<DeletionList> {
      const { rows, total } = await createAccountDeletionRepository(db).page(
        filter.status,
        filter.page,
      );
      return {
        items: rows.map(({ deletion, name }) => deletionItem(deletion, name)),
        total,
        page: filter.page,
        pageSize: CONSOLE_PAGE_SIZE,
      };
    },

    /**
     * Staff decide a report, once (a second decision is a 409): upheld, nothing is deleted;
     * rejected, the clock resumes where the report stopped it (the removal moves by the days it
     * waited). The owner is told either way.
     */
    async decideDeletion(
      staff: Staff,
      id: number,
      decision: 'uphold' | 'reject',
      ip: string,
    ): Promise<DeletionItem> {
      const today = jakartaDay(now());
      return db.transaction(async (tx) => {
        const repository = createAccountDeletionRepository(tx);
        const current = await repository.lock(id);
        if (!current)
          throw new NotFoundError({
            id: 'deletion_not_found',
            message: DELETION_MESSAGES.deletionNotFound,
          });
        if (current.status !== 'reported' || !current.reportedAt)
          throw new ConflictError({
            id: 'deletion_not_reported',
            message: DELETION_MESSAGES.notReported,
          });
        const paused = Math.max(0, daysBetween(jakartaDay(current.reportedAt), today));
        const removalOn = addDays(current.removalOn, paused);
        const decided = await repository.decide(id, {
          status: decision === 'uphold' ? 'cancelled' : 'scheduled',
          decision: decision === 'uphold' ? 'upheld' : 'rejected',
          decidedBy: staff.staffId,
          decidedAt: now(),
          ...(decision === 'uphold' ? { closedAt: now() } : { removalOn }),
        });
        const person = await repository.person(current.personId);
        if (person?.email)
          await outbox.enqueue(
            tx,
            templates.in(current.reportLanguage).deletionReportDecided(person.email, {
              upheld: decision === 'uphold',
              removalOn,
            }),
          );
        await audit.record(
          {
            action: 'account-deletion',
            outcome: decision === 'uphold' ? 'report-upheld' : 'report-rejected',
            userType: current.kind,
            personId: current.personId,
            actor: `staff:${staff.staffId}`,
            ip,
            changes: {
              before: { id: String(id), status: current.status, removalOn: current.removalOn },
              after: {
                id: String(id),
                status: decided!.status,
                decision: decided!.decision,
                removalOn: decided!.removalOn,
              },
            },
          },
          tx,
        );
        return deletionItem(decided!, person?.name ?? null);
      });
    },
  };
}
