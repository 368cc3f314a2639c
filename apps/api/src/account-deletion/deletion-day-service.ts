import { DELETION_NOTICE_DAYS } from '@portal/contracts/account-deletion';
import { addDays, jakartaDay } from '../jobs/clock';
import { createAccountDeletionRepository, type Deletion } from './account-deletion-repository';
import type { DeletionDependencies } from './account-deletion-dependencies';
import { createDeletionNotices, dueNotice } from './deletion-notices-service';

/** The lifecycle's day, run by the job: notices, then disabling, then removal. */
export function createDeletionDay(deps: DeletionDependencies) {
  const { db, audit, now } = deps;
  const notices = createDeletionNotices(deps);

  function disable(deletion: Deletion) {
    return db.transaction(async (tx) => {
      const repository = createAccountDeletionRepository(tx);
      if (!(await repository.claimDisable(deletion.id))) return false;
      const accounts = await repository.accountsOf(deletion.personId);
      await repository.suspendAccountsOf(deletion.personId);
      await repository.endSignIns(accounts);
      await audit.record(
        {
          action: 'account-deletion',
          outcome: 'disabled',
          userType: deletion.kind,
          personId: deletion.personId,
        },
        tx,
      );
      return true;
    });
  }

  /**
   * Removes the accounts and the person for good: their codes, sessions and memberships go with
   * them (foreign keys cascade); the deletion keeps ids and dates only, the audit its hashes.
   */
  function remove(deletion: Deletion) {
    return db.transaction(async (tx) => {
      const repository = createAccountDeletionRepository(tx);
      if (!(await repository.claimRemoval(deletion.id))) return false;
      await repository.endSignIns(await repository.accountsOf(deletion.personId));
      await repository.removePerson(deletion.personId);
      await audit.record(
        {
          action: 'account-deletion',
          outcome: 'removed',
          userType: deletion.kind,
          personId: deletion.personId,
        },
        tx,
      );
      return true;
    });
  }

  return {
    /**
     * One day of the lifecycle: the notices due, then the accounts past their removal date
     * disabled, then the disabled ones removed. Each deletion moves in a transaction of its own
     * guarded by its state, so two runs at once, or a run after a crash, never repeat a step.
     */
    async runDeletionDay(): Promise<{ notices: number; disabled: number; removed: number }> {
      const today = jakartaDay(now());
      let sent = 0;
      const deletions = createAccountDeletionRepository(db);
      for await (const deletion of deletions.scheduledUntil(
        addDays(today, DELETION_NOTICE_DAYS.ptk[0]),
      )) {
        const days = dueNotice(deletion, today);
        if (days !== null && (await notices.sendNotice(deletion, days))) sent += 1;
      }
      let disabled = 0;
      for await (const deletion of deletions.dueForDisabling(today)) {
        if (await disable(deletion)) disabled += 1;
      }
      let removed = 0;
      for await (const deletion of deletions.disabled()) {
        if (await remove(deletion)) removed += 1;
      }
      return { notices: sent, disabled, removed };
    },
  };
}
