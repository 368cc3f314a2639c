import { and, count, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { CONSOLE_PAGE_SIZE } from '@portal/contracts/console';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Transaction } from '../db/database';
import { accountDeletions, learningAccounts, oidcModels, people } from '../db/schema';
import type { MailLanguage } from '../notifications/mail-language';

export type Deletion = typeof accountDeletions.$inferSelect;

// Keyset pages of this many: the day's work at any size without holding it all in memory.
const PAGE = 500;

/** SQL only: scheduled deletions and what they remove, in a transaction when one is given. */
export function createAccountDeletionRepository(db: Db | Transaction) {
  const scheduled = eq(accountDeletions.status, 'scheduled');
  /** Moves a deletion on from `status`; false when another run moved it first. */
  const claim = async (
    id: number,
    from: SQL,
    changes: PgUpdateSetSource<typeof accountDeletions>,
  ) => {
    const [claimed] = await db
      .update(accountDeletions)
      .set(changes)
      .where(and(eq(accountDeletions.id, id), from))
      .returning({ id: accountDeletions.id });
    return claimed !== undefined;
  };
  /** Every deletion matching `where`, a keyset page at a time, in id order. */
  async function* pagesOf(where: SQL | undefined) {
    let after = 0;
    for (;;) {
      const page = await db
        .select()
        .from(accountDeletions)
        .where(and(where, gt(accountDeletions.id, after)))
        .orderBy(accountDeletions.id)
        .limit(PAGE);
      yield* page;
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
  return {
    /** Scheduled deletions whose date is on or before `lastDay`: those a notice may be due for. */
    scheduledUntil: (lastDay: string) =>
      pagesOf(and(scheduled, lte(accountDeletions.deletionOn, lastDay))),
    /** Scheduled deletions whose removal date has come by `today`: to be disabled. */
    dueForDisabling: (today: string) =>
      pagesOf(and(scheduled, lte(accountDeletions.removalOn, today))),
    /** Disabled deletions: to be removed. */
    disabled: () => pagesOf(eq(accountDeletions.status, 'disabled')),
    async byId(id: number): Promise<Deletion | undefined> {
      const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.id, id));
      return row;
    },
    /** The deletion, locked until the transaction ends. */
    async lock(id: number): Promise<Deletion | undefined> {
      const [row] = await db
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.id, id))
        .for('update');
      return row;
    },
    /** Records that the notice `days` before is sent, unless it or a later one already was. */
    claimNotice: (id: number, days: number) =>
      claim(
        id,
        and(
          scheduled,
          sql`(${accountDeletions.lastNoticeDays} IS NULL OR ${accountDeletions.lastNoticeDays} > ${days})`,
        )!,
        { lastNoticeDays: days },
      ),
    claimDisable: (id: number) => claim(id, scheduled, { status: 'disabled' }),
    claimRemoval: (id: number) =>
      claim(id, eq(accountDeletions.status, 'disabled'), {
        status: 'removed',
        reportReason: null,
        closedAt: sql`now()`,
      }),
    claimReport: (
      id: number,
      report: {
        reportedAt: Date;
        reportedBy: string;
        reportReason: string;
        reportLanguage: MailLanguage;
      },
    ) => claim(id, scheduled, { status: 'reported', ...report }),
    async decide(
      id: number,
      changes: PgUpdateSetSource<typeof accountDeletions>,
    ): Promise<Deletion | undefined> {
      const [row] = await db
        .update(accountDeletions)
        .set(changes)
        .where(eq(accountDeletions.id, id))
        .returning();
      return row;
    },
    /** One page for the console, reports first, then by stated date, and how many in all. */
    async page(status: Deletion['status'] | undefined, page: number) {
      const where = status ? eq(accountDeletions.status, status) : undefined;
      const [total] = await db.select({ n: count() }).from(accountDeletions).where(where);
      const rows = await db
        .select({ deletion: accountDeletions, name: people.fullName })
        .from(accountDeletions)
        .leftJoin(people, eq(people.id, accountDeletions.personId))
        .where(where)
        .orderBy(
          sql`${accountDeletions.status} = 'reported' DESC`,
          accountDeletions.deletionOn,
          accountDeletions.id,
        )
        .limit(CONSOLE_PAGE_SIZE)
        .offset((page - 1) * CONSOLE_PAGE_SIZE);
      return { rows, total: total?.n ?? 0 };
    },
    async person(personId: number) {
      const [row] = await db
        .select({ name: people.fullName, email: people.personalEmail })
        .from(people)
        .where(eq(people.id, personId));
      return row;
    },
    accountsOf(personId: number) {
      return db
        .select({ id: learningAccounts.id, email: learningAccounts.email })
        .from(learningAccounts)
        .where(eq(learningAccounts.personId, personId));
    },
    /** The person's account addresses, in the order of the addresses. */
    async accountEmailsOf(personId: number): Promise<string[]> {
      const rows = await db
        .select({ email: learningAccounts.email })
        .from(learningAccounts)
        .where(eq(learningAccounts.personId, personId))
        .orderBy(learningAccounts.email);
      return rows.map((row) => row.email);
    },
    async suspendAccountsOf(personId: number) {
      await db
        .update(learningAccounts)
        .set({ status: 'suspended' })
        .where(eq(learningAccounts.personId, personId));
    },
    /** Ends the accounts' sign-ins: their sessions, grants and tokens. */
    async endSignIns(accounts: { id: number }[]) {
      if (accounts.length === 0) return;
      await db.delete(oidcModels).where(
        inArray(
          oidcModels.accountId,
          accounts.map((a) => String(a.id)),
        ),
      );
    },
    /** The person and their accounts; codes, sessions and memberships cascade. */
    async removePerson(personId: number) {
      await db.delete(learningAccounts).where(eq(learningAccounts.personId, personId));
      await db.delete(people).where(eq(people.id, personId));
    },
  };
}
export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;
