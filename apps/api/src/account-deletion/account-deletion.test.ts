import { and, eq, sql } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_MESSAGES, DELETION_REPORT_PATHS } from '@portal/contracts/account-deletion';
import { CONSOLE_PAGE_SIZE, CONSOLE_ROUTES, consolePath } from '@portal/contracts/console';
import {
  accountDeletions,
  auditEvents,
  learningAccounts,
  outboxMessages,
  people,
} from '../db/schema';
import { createRegistrySyncService } from '../registry-sync/registry-sync-service';
import { discoverClient } from '../test-support/platform-sign-in';
import { createMailedTestApp } from '../test-support/mailed-test-app';
import { FIXTURE } from '../test-support/registry-fixture';
import { snapshotOfRegistry } from '../registry-sync/registry-export';
import { snapshot } from '../test-support/registry-snapshot';
import { staffAccessToken } from '../test-support/staff-sign-in';
import type { TestApp } from '../test-support/test-app';
import { rowsOf } from '../db/rows-of';

const api = '/belajar-id';
let t: TestApp;
let ids: Record<string, number>;
let close: () => Promise<void>;
let staff: string;
let clock = new Date('2026-03-02T03:00:00Z');
/** 10:00 in Jakarta on that day. */
const on = async (day: string) => {
  clock = new Date(`${day}T03:00:00Z`);
  return t.app.services.accountDeletion.runDeletionDay();
};

beforeAll(async () => {
  ({ t, ids, close } = await createMailedTestApp({}, () => clock));
  const rp: client.Configuration = await discoverClient(t.app, t.config);
  staff = await staffAccessToken(t, rp, `registrar@${t.config.staffDomain}`);
  // The teacher (an educator with two accounts) and the student (one account) leave.
  const files = await snapshotOfRegistry(t.database);
  const gone = [ids.teacher, ids.student].map((id) => `${id},`);
  files.people = files.people.filter((line) => !gone.some((g) => line.startsWith(g)));
  await createRegistrySyncService({
    database: t.database,
    queue: t.app.services.queue,
    now: () => clock,
  }).sync(snapshot('2026-03-02', files));
}, 120_000);
afterAll(() => close());

/** Notices queued for an address, oldest first, as `<days> <date in the subject>`. */
async function notices(to: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.bodyText })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.template, 'deletion-notice')))
    .orderBy(outboxMessages.id);
  return rows.map((r) => r.subject!);
}
async function linkToken(to: string): Promise<string> {
  const [row] = await t.database.db
    .select({ body: outboxMessages.bodyText })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.template, 'deletion-notice')));
  return /#t=(\S+)/.exec(row!.body)![1]!;
}
const deletionOf = async (personId: number) =>
  (
    await t.database.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.personId, personId))
  )[0]!;
const report = (token: string, reason = 'Saya masih mengajar di SD Negeri 1 Bandung.') =>
  t.app.inject({
    method: 'POST',
    url: `${api}${DELETION_REPORT_PATHS.report}`,
    payload: { token, reporter: 'owner', reason },
  });

const SUBJECT = 'akan dihapus pada 1 April 2026';
const teacherMail = FIXTURE.teacher.email;
const studentAccount = FIXTURE.student.accounts[0]!;

describe('deletion of the accounts of people who left the registry', () => {
  it('sends each notice on its day, to the personal e-mail and the accounts, once', async () => {
    await on('2026-03-02');
    await on('2026-03-02');
    expect(await notices(teacherMail)).toEqual([expect.stringContaining(SUBJECT)]);
    expect(await notices(FIXTURE.teacher.accounts[1]!)).toHaveLength(1);
    expect(await notices(studentAccount)).toHaveLength(1);
    await on('2026-03-03');
    await on('2026-03-25');
    await on('2026-03-25');
    // The student's week-before notice; nothing for the teacher, whose next is 3 days before.
    expect(await notices(studentAccount)).toHaveLength(2);
    expect(await notices(teacherMail)).toHaveLength(1);
    expect((await deletionOf(ids.student!)).lastNoticeDays).toBe(7);
  });

  it('catches up a missed day: the notice of the day the service was down goes out late', async () => {
    // Down on 29 March, the teacher's 3-days-before notice.
    await on('2026-03-30');
    expect(await notices(teacherMail)).toHaveLength(2);
    expect((await deletionOf(ids.teacher!)).lastNoticeDays).toBe(3);
    await on('2026-03-31');
    await on('2026-03-31');
    expect(await notices(studentAccount)).toHaveLength(3);
    expect(await notices(teacherMail)).toHaveLength(2);
  });

  it('takes a report within 5 days of the stated date, and refuses one later', async () => {
    clock = new Date('2026-04-03T03:00:00Z');
    const token = await linkToken(teacherMail);
    const notice = await t.app.inject({
      method: 'POST',
      url: `${api}${DELETION_REPORT_PATHS.notice}`,
      payload: { token },
    });
    // The page says which accounts the notice is about, masked as the lookup masks them.
    expect(notice.json().data).toEqual({
      deletionOn: '2026-04-01',
      reportUntil: '2026-04-06',
      status: 'scheduled',
      accounts: ['d*****@belajar.id', 'd*****@belajar.id'],
    });
    expect(notice.body).not.toContain('dewi');
    const accepted = await report(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'reported',
      accounts: ['d*****@belajar.id', 'd*****@belajar.id'],
    });
    expect((await report(token)).json().error.id).toBe('deletion_already_reported');

    clock = new Date('2026-04-07T03:00:00Z');
    const lateNotice = await t.app.inject({
      method: 'POST',
      url: `${api}${DELETION_REPORT_PATHS.notice}`,
      payload: { token: await linkToken(studentAccount) },
    });
    expect(lateNotice.json().data).toMatchObject({ reportUntil: '2026-04-06', status: 'closed' });
    const late = await report(await linkToken(studentAccount), 'Masih sekolah.');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DELETION_MESSAGES.tooLate);

    const forged = await report(`${(await deletionOf(ids.student!)).id}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);
    expect((await report('nonsense')).statusCode).toBe(400);
  });

  it('disables and removes an unreported account 10 days after the date, personal data and all', async () => {
    await on('2026-04-10');
    expect((await deletionOf(ids.student!)).status).toBe('scheduled');
    const result = await on('2026-04-11');
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect((await deletionOf(ids.student!)).status).toBe('removed');
    expect(await t.database.db.select().from(people).where(eq(people.id, ids.student!))).toEqual(
      [],
    );
    expect(
      await t.database.db
        .select()
        .from(learningAccounts)
        .where(eq(learningAccounts.email, studentAccount)),
    ).toEqual([]);
    const trail = await t.database.db
      .select({ outcome: auditEvents.outcome, targetHash: auditEvents.targetHash })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.personId, ids.student!), eq(auditEvents.action, 'account-deletion')),
      )
      .orderBy(auditEvents.id);
    expect(trail.map((e) => e.outcome)).toEqual([
      'scheduled',
      'notice-30',
      'notice-7',
      'notice-1',
      'disabled',
      'removed',
    ]);
    // The reported teacher's clock is stopped.
    expect((await deletionOf(ids.teacher!)).status).toBe('reported');
  });

  it('lets staff reject a report (the clock resumes) or uphold one, each once', async () => {
    const headers = { authorization: `Bearer ${staff}` };
    const list = await t.app.inject({
      url: `${api}${CONSOLE_ROUTES.accountDeletions}?status=reported`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    const [item] = list.json().data.items;
    expect(item).toMatchObject({ name: FIXTURE.teacher.name, reportedBy: 'owner' });

    clock = new Date('2026-04-13T03:00:00Z');
    const decide = (id: string, decision: string) =>
      t.app.inject({
        method: 'POST',
        url: `${api}${consolePath(CONSOLE_ROUTES.decideDeletion, id)}`,
        headers,
        payload: { decision },
      });
    const rejected = await decide(item.id, 'reject');
    expect(rejected.json().data).toMatchObject({
      status: 'scheduled',
      decision: 'rejected',
      // Reported on 3 April, decided on 13 April: 10 days more.
      removalOn: '2026-04-21',
    });
    expect((await decide(item.id, 'uphold')).statusCode).toBe(409);
    const [audit] = await t.database.db
      .select({ actor: auditEvents.actor, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.outcome, 'report-rejected'));
    expect(audit?.actor).toMatch(/^staff:\d+$/);
    expect(audit?.changes).toEqual({
      before: { id: item.id, status: 'reported', removalOn: '2026-04-11' },
      after: { id: item.id, status: 'scheduled', decision: 'rejected', removalOn: '2026-04-21' },
    });

    await on('2026-04-20');
    expect((await deletionOf(ids.teacher!)).status).toBe('scheduled');
    await on('2026-04-21');
    expect((await deletionOf(ids.teacher!)).status).toBe('removed');

    // An upheld report: nothing is deleted.
    const [reported] = await t.database.db
      .insert(accountDeletions)
      .values({
        personId: ids.newTeacher!,
        kind: 'ptk',
        status: 'reported',
        deletionOn: '2026-05-01',
        removalOn: '2026-05-11',
        reportedAt: clock,
        reportedBy: 'school_admin',
        reportReason: 'Masih mengajar.',
      })
      .returning({ id: accountDeletions.id });
    const upheld = await decide(String(reported!.id), 'uphold');
    expect(upheld.json().data).toMatchObject({ status: 'cancelled', decision: 'upheld' });
    await on('2026-05-20');
    const [counted] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM people WHERE id = ${ids.newTeacher!}`,
    );
    expect(counted!.n).toBe(1);
  });

  it('pages the deletions for the console, and refuses a page that is not one', async () => {
    const headers = { authorization: `Bearer ${staff}` };
    const before = await t.app.inject({
      url: `${api}${CONSOLE_ROUTES.accountDeletions}?status=cancelled`,
      headers,
    });
    const already = before.json().data.total as number;
    await t.database.db.insert(accountDeletions).values(
      Array.from({ length: CONSOLE_PAGE_SIZE + 5 }, (_, i) => ({
        personId: 700_000 + i,
        kind: 'pd' as const,
        status: 'cancelled' as const,
        deletionOn: '2026-06-01',
        removalOn: '2026-06-11',
      })),
    );
    const total = already + CONSOLE_PAGE_SIZE + 5;
    const page = async (n: number) =>
      (
        await t.app.inject({
          url: `${api}${CONSOLE_ROUTES.accountDeletions}?status=cancelled&page=${n}`,
          headers,
        })
      ).json().data;
    const first = await page(1);
    expect(first).toMatchObject({ total, page: 1, pageSize: CONSOLE_PAGE_SIZE });
    expect(first.items).toHaveLength(CONSOLE_PAGE_SIZE);
    const second = await page(2);
    expect(second.items).toHaveLength(total - CONSOLE_PAGE_SIZE);
    const ids = [...first.items, ...second.items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(total);
    expect((await page(3)).items).toEqual([]);

    for (const bad of ['0', 'dua', '-1']) {
      const reply = await t.app.inject({
        url: `${api}${CONSOLE_ROUTES.accountDeletions}?page=${bad}`,
        headers,
      });
      expect(reply.statusCode, bad).toBe(400);
    }
  });
});
