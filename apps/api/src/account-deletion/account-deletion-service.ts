import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  DELETION_MESSAGES,
  DELETION_NOTICE_DAYS,
  DELETION_REPORT_DAYS,
  type DeletionItem,
  type DeletionList,
  type DeletionNotice,
  type DeletionReportBody,
} from '@portal/contracts/account-deletion';
import { CONSOLE_PAGE_SIZE } from '@portal/contracts/console';
import type { AuditLog } from '../audit/audit-repository';
import type { Db, Transaction } from '../db/database';
import { accountDeletions, learningAccounts, oidcModels, people } from '../db/schema';
import { ConflictError, NotFoundError } from '../http/domain-errors';
import { addDays, jakartaDay, type Clock } from '../jobs/clock';
import type { MailLanguage } from '../notifications/mail-language';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { maskEmail } from '../personal-data/masking';

export type DeletionContext = {
  db: Db;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  now: Clock;
  tokenSecret: string;
};

type Deletion = typeof accountDeletions.$inferSelect;
const PAGE = 500;

/**
 * The report link's token: the deletion's id and its HMAC. Unguessable, the same in every notice
 * of one deletion, and nothing stored; the id says nothing about the person.
 */
export function deletionTokens(secret: string) {
  const mac = (id: number) =>
    createHmac('sha256', secret).update(`account-deletion:${id}`).digest('base64url');
  return {
    token: (id: number) => `${id}.${mac(id)}`,
    idOf(token: string): number | null {
      const [id, given] = token.split('.');
      if (!id || !given) return null;
      const expected = Buffer.from(mac(Number(id)));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected)
        ? Number(id)
        : null;
    },
  };
}

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

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
  for await (const deletion of deletionsWhere(
    ctx.db,
    and(
      eq(accountDeletions.status, 'scheduled'),
      lte(accountDeletions.deletionOn, addDays(today, DELETION_NOTICE_DAYS.ptk[0])),
    ),
  )) {
    const days = dueNotice(deletion, today);
    if (days !== null && (await sendNotice(ctx, deletion, days))) notices += 1;
  }
  let disabled = 0;
  for await (const deletion of deletionsWhere(
    ctx.db,
    and(eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.removalOn, today)),
  )) {
    if (await disable(ctx, deletion)) disabled += 1;
  }
  let removed = 0;
  for await (const deletion of deletionsWhere(ctx.db, eq(accountDeletions.status, 'disabled'))) {
    if (await remove(ctx, deletion)) removed += 1;
  }
  return { notices, disabled, removed };
}

/** Keyset pages: the day's work at any size without holding it all in memory. */
async function* deletionsWhere(db: Db, where: ReturnType<typeof and>) {
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

async function accountsOf(tx: Transaction, personId: number) {
  return tx
    .select({ id: learningAccounts.id, email: learningAccounts.email })
    .from(learningAccounts)
    .where(eq(learningAccounts.personId, personId));
}

async function sendNotice(ctx: DeletionContext, deletion: Deletion, days: number) {
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(accountDeletions)
      .set({ lastNoticeDays: days })
      .where(
        and(
          eq(accountDeletions.id, deletion.id),
          eq(accountDeletions.status, 'scheduled'),
          sql`(${accountDeletions.lastNoticeDays} IS NULL OR ${accountDeletions.lastNoticeDays} > ${days})`,
        ),
      )
      .returning({ id: accountDeletions.id });
    if (!claimed) return false;
    const [person] = await tx
      .select({ email: people.personalEmail })
      .from(people)
      .where(eq(people.id, deletion.personId));
    const accounts = (await accountsOf(tx, deletion.personId)).map((a) => a.email);
    const notice = {
      accounts,
      deletionOn: deletion.deletionOn,
      reportUntil: addDays(deletion.deletionOn, DELETION_REPORT_DAYS),
      token: deletionTokens(ctx.tokenSecret).token(deletion.id),
    };
    for (const to of [person?.email, ...accounts]) {
      if (to) await ctx.outbox.enqueue(tx, ctx.templates.in('id').deletionNotice(to, notice));
    }
    await ctx.audit.record(
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
}

async function disable(ctx: DeletionContext, deletion: Deletion) {
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(accountDeletions)
      .set({ status: 'disabled' })
      .where(and(eq(accountDeletions.id, deletion.id), eq(accountDeletions.status, 'scheduled')))
      .returning({ id: accountDeletions.id });
    if (!claimed) return false;
    const accounts = await accountsOf(tx, deletion.personId);
    await tx
      .update(learningAccounts)
      .set({ status: 'suspended' })
      .where(eq(learningAccounts.personId, deletion.personId));
    await endSignIns(tx, accounts);
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

const endSignIns = async (tx: Transaction, accounts: { id: number }[]) => {
  if (accounts.length === 0) return;
  await tx.delete(oidcModels).where(
    inArray(
      oidcModels.accountId,
      accounts.map((a) => String(a.id)),
    ),
  );
};

/**
 * Removes the accounts and the person for good: their codes, sessions and memberships go with
 * them (foreign keys cascade); the deletion keeps ids and dates only, the audit its hashes.
 */
async function remove(ctx: DeletionContext, deletion: Deletion) {
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(accountDeletions)
      .set({ status: 'removed', reportReason: null, closedAt: sql`now()` })
      .where(and(eq(accountDeletions.id, deletion.id), eq(accountDeletions.status, 'disabled')))
      .returning({ id: accountDeletions.id });
    if (!claimed) return false;
    await endSignIns(tx, await accountsOf(tx, deletion.personId));
    await tx.delete(learningAccounts).where(eq(learningAccounts.personId, deletion.personId));
    await tx.delete(people).where(eq(people.id, deletion.personId));
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

const linkInvalid = () =>
  new NotFoundError({ id: 'deletion_link_invalid', message: DELETION_MESSAGES.linkInvalid });

async function deletionOfToken(ctx: DeletionContext, token: string): Promise<Deletion> {
  const id = deletionTokens(ctx.tokenSecret).idOf(token);
  if (id === null) throw linkInvalid();
  const [deletion] = await ctx.db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.id, id));
  if (!deletion) throw linkInvalid();
  return deletion;
}

/**
 * What the report page shows for a notice's link: `closed` once a report is no longer taken
 * (past its deadline, or the accounts disabled or removed), so the page offers no form in vain.
 */
export async function deletionNotice(ctx: DeletionContext, token: string): Promise<DeletionNotice> {
  const deletion = await deletionOfToken(ctx, token);
  const reportUntil = addDays(deletion.deletionOn, DELETION_REPORT_DAYS);
  const tooLate = deletion.status === 'scheduled' && jakartaDay(ctx.now()) > reportUntil;
  return {
    deletionOn: deletion.deletionOn,
    reportUntil,
    status:
      tooLate || deletion.status === 'disabled' || deletion.status === 'removed'
        ? 'closed'
        : deletion.status,
    accounts: await maskedAccountsOf(ctx.db, deletion.personId),
  };
}

/**
 * Which accounts a link is about, masked: whoever holds the link (a forwarded mail, a shared
 * screen) learns no more than the lookup would show them.
 */
async function maskedAccountsOf(db: Db, personId: number): Promise<string[]> {
  const rows = await db
    .select({ email: learningAccounts.email })
    .from(learningAccounts)
    .where(eq(learningAccounts.personId, personId))
    .orderBy(learningAccounts.email);
  return rows.map((row) => maskEmail(row.email));
}

/**
 * A report that the notice is a mistake, by the owner or their school's admin (the link
 * forwarded): taken until 5 days after the stated date; it stops the clock until staff decide.
 */
export async function reportMistake(
  ctx: DeletionContext,
  body: DeletionReportBody,
  ip: string,
  language: MailLanguage,
): Promise<DeletionNotice> {
  const deletion = await deletionOfToken(ctx, body.token);
  const today = jakartaDay(ctx.now());
  if (deletion.status === 'cancelled')
    throw new ConflictError({ id: 'deletion_cancelled', message: DELETION_MESSAGES.cancelled });
  if (deletion.status === 'reported')
    throw new ConflictError({
      id: 'deletion_already_reported',
      message: DELETION_MESSAGES.alreadyReported,
    });
  const reportUntil = addDays(deletion.deletionOn, DELETION_REPORT_DAYS);
  if (deletion.status !== 'scheduled' || today > reportUntil)
    throw new ConflictError({ id: 'deletion_report_too_late', message: DELETION_MESSAGES.tooLate });
  await ctx.db.transaction(async (tx) => {
    const [reported] = await tx
      .update(accountDeletions)
      .set({
        status: 'reported',
        reportedAt: ctx.now(),
        reportedBy: body.reporter,
        reportReason: body.reason,
        // A school admin's language says nothing of the owner's, who gets the decision.
        reportLanguage: body.reporter === 'owner' ? language : 'id',
      })
      .where(and(eq(accountDeletions.id, deletion.id), eq(accountDeletions.status, 'scheduled')))
      .returning({ id: accountDeletions.id });
    if (!reported)
      throw new ConflictError({
        id: 'deletion_already_reported',
        message: DELETION_MESSAGES.alreadyReported,
      });
    await ctx.audit.record(
      {
        action: 'account-deletion',
        outcome: `reported-by-${body.reporter}`,
        userType: deletion.kind,
        personId: deletion.personId,
        ip,
      },
      tx,
    );
  });
  return {
    deletionOn: deletion.deletionOn,
    reportUntil,
    status: 'reported',
    accounts: await maskedAccountsOf(ctx.db, deletion.personId),
  };
}

type Staff = { staffId: number };

/** Deletions for the console, reports first, then by stated date, a page at a time. */
export async function listDeletions(
  ctx: DeletionContext,
  filter: { status?: Deletion['status'] | undefined; page: number },
): Promise<DeletionList> {
  const where = filter.status ? eq(accountDeletions.status, filter.status) : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(accountDeletions).where(where);
  const rows = await ctx.db
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
    .offset((filter.page - 1) * CONSOLE_PAGE_SIZE);
  return {
    items: rows.map(({ deletion, name }) => deletionItem(deletion, name)),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: CONSOLE_PAGE_SIZE,
  };
}

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

/**
 * Staff decide a report, once (a second decision is a 409): upheld, nothing is deleted;
 * rejected, the clock resumes where the report stopped it (the removal moves by the days it
 * waited). The owner is told either way.
 */
export async function decideDeletion(
  ctx: DeletionContext,
  staff: Staff,
  id: number,
  decision: 'uphold' | 'reject',
  ip: string,
): Promise<DeletionItem> {
  const today = jakartaDay(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.id, id))
      .for('update');
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
    const [decided] = await tx
      .update(accountDeletions)
      .set({
        status: decision === 'uphold' ? 'cancelled' : 'scheduled',
        decision: decision === 'uphold' ? 'upheld' : 'rejected',
        decidedBy: staff.staffId,
        decidedAt: ctx.now(),
        ...(decision === 'uphold' ? { closedAt: ctx.now() } : { removalOn }),
      })
      .where(eq(accountDeletions.id, id))
      .returning();
    const [person] = await tx
      .select({ name: people.fullName, email: people.personalEmail })
      .from(people)
      .where(eq(people.id, current.personId));
    if (person?.email)
      await ctx.outbox.enqueue(
        tx,
        ctx.templates.in(current.reportLanguage).deletionReportDecided(person.email, {
          upheld: decision === 'uphold',
          removalOn,
        }),
      );
    await ctx.audit.record(
      {
        action: 'account-deletion',
        outcome: decision === 'uphold' ? 'report-upheld' : 'report-rejected',
        userType: current.kind,
        personId: current.personId,
        actor: `staff:${staff.staffId}`,
        ip,
      },
      tx,
    );
    return deletionItem(decided!, person?.name ?? null);
  });
}
