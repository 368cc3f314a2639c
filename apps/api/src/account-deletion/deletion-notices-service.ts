import { DELETION_NOTICE_DAYS, DELETION_REPORT_DAYS } from '@portal/contracts/account-deletion';
import { addDays, daysBetween } from '../jobs/clock';
import { createAccountDeletionRepository, type Deletion } from './account-deletion-repository';
import type { DeletionDependencies } from './account-deletion-dependencies';
import { deletionTokens } from './deletion-tokens';

/**
 * The notice due today for a deletion: the latest of its schedule whose day has come and that
 * was not sent. After a missed run only that one goes out (one mail, not a pile of them), and
 * the earlier ones count as passed. None once the stated date has gone by.
 */
export function dueNotice(deletion: Deletion, today: string): number | null {
  const daysLeft = daysBetween(today, deletion.deletionOn);
  if (daysLeft < 0) return null;
  const schedule: readonly number[] = DELETION_NOTICE_DAYS[deletion.kind === 'ptk' ? 'ptk' : 'pd'];
  const due = schedule.filter((days) => days >= daysLeft);
  if (due.length === 0) return null;
  const latest = Math.min(...due);
  return deletion.lastNoticeDays === null || latest < deletion.lastNoticeDays ? latest : null;
}

/** The deletion notices, sent by the day's run. */
export function createDeletionNotices({
  db,
  outbox,
  templates,
  audit,
  tokenSecret,
}: DeletionDependencies) {
  const tokens = deletionTokens(tokenSecret);
  return {
    /** Sends the notice `days` before, once, to the person and every account of theirs. */
    sendNotice(deletion: Deletion, days: number) {
      return db.transaction(async (tx) => {
        const repository = createAccountDeletionRepository(tx);
        if (!(await repository.claimNotice(deletion.id, days))) return false;
        const person = await repository.person(deletion.personId);
        const accounts = (await repository.accountsOf(deletion.personId)).map((a) => a.email);
        const notice = {
          accounts,
          deletionOn: deletion.deletionOn,
          reportUntil: addDays(deletion.deletionOn, DELETION_REPORT_DAYS),
          token: tokens.token(deletion.id),
        };
        for (const to of [person?.email, ...accounts]) {
          if (to) await outbox.enqueue(tx, templates.in('id').deletionNotice(to, notice));
        }
        await audit.record(
          {
            action: 'account-deletion',
            outcome: `notice-${days}`,
            userType: deletion.kind,
            personId: deletion.personId,
          },
          tx,
        );
        return true;
      });
    },
  };
}
