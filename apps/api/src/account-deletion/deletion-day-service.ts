import { and, eq, lte } from 'drizzle-orm';
import { DELETION_NOTICE_DAYS } from '@portal/contracts/account-deletion';
import { accountDeletions } from '../db/schema';
import { addDays, jakartaDay } from '../jobs/clock';
import { createAccountDeletionRepository, type Deletion } from './account-deletion-repository';
import type { DeletionContext } from './account-deletion-service';
import { dueNotice, sendNotice } from './deletion-notices-service';

/**
 * One day of the lifecycle: the notices due, then the accounts past their removal date
 * disabled, then the disabled ones removed. Each deletion moves in a transaction of its own
 * guarded by its state, so two runs at once, or a run after a crash, never repeat a step.
 */
export async function runDeletionDay(ctx: DeletionContext): Promise<{
  notices: number;
  disabled: number;
  removed: number;
}> {
  const today = jakartaDay(ctx.now());
  let notices = 0;
  const deletions = createAccountDeletionRepository(ctx.db);
  for await (const deletion of deletions.where(
    and(
      eq(accountDeletions.status, 'scheduled'),
      lte(accountDeletions.deletionOn, addDays(today, DELETION_NOTICE_DAYS.ptk[0])),
    ),
  )) {
    const days = dueNotice(deletion, today);
    if (days !== null && (await sendNotice(ctx, deletion, days))) notices += 1;
  }
  let disabled = 0;
  for await (const deletion of deletions.where(
    and(eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.removalOn, today)),
  )) {
    if (await disable(ctx, deletion)) disabled += 1;
  }
  let removed = 0;
  for await (const deletion of deletions.where(eq(accountDeletions.status, 'disabled'))) {
    if (await remove(ctx, deletion)) removed += 1;
  }
  return { notices, disabled, removed };
}

async function disable(ctx: DeletionContext, deletion: Deletion) {
  return ctx.db.transaction(async (tx) => {
    const repository = createAccountDeletionRepository(tx);
    if (!(await repository.claimDisable(deletion.id))) return false;
    const accounts = await repository.accountsOf(deletion.personId);
    await repository.suspendAccountsOf(deletion.personId);
    await repository.endSignIns(accounts);
    await ctx.audit.record(
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
async function remove(ctx: DeletionContext, deletion: Deletion) {
  return ctx.db.transaction(async (tx) => {
    const repository = createAccountDeletionRepository(tx);
    if (!(await repository.claimRemoval(deletion.id))) return false;
    await repository.endSignIns(await repository.accountsOf(deletion.personId));
    await repository.removePerson(deletion.personId);
    await ctx.audit.record(
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
