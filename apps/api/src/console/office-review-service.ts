import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CONSOLE_MESSAGES,
  CONSOLE_PAGE_SIZE,
  type OfficeRequestDetail,
} from '@portal/contracts/console';
import type { Job } from 'pg-boss';
import { addressBase, insertUniqueAccount } from '../accounts/account-creation-jobs';
import type { AuditLog } from '../audit/audit-repository';
import type { Db } from '../db/database';
import {
  learningAccounts,
  offices,
  officeAccountRequests,
  officeStaff,
  people,
  privateUploads,
  referralCodes,
  regions,
} from '../db/schema';
import { referralState } from '../office-request/office-reference';
import { officeRequestNumber } from '../office-request/office-request-service';
import { ConflictError, NotFoundError } from '../http/domain-errors';
import type { JobQueue } from '../jobs/job-queue';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { personNameKey } from '../registry/name-normalizer';
import type { PrivateStorage } from '../uploads/private-storage';

export const OFFICE_ACCOUNT_QUEUE = 'office-account-create';

export type ConsoleContext = {
  db: Db;
  queue: JobQueue;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  storage: PrivateStorage;
  domain: string;
};

type Staff = { staffId: number };
const actor = (staff: Staff) => `staff:${staff.staffId}`;

const region = alias(regions, 'region');
const province = alias(regions, 'province');
const provinceCode = sql<string>`left(${officeAccountRequests.regionCode}, 2)`;

const notFound = () =>
  new NotFoundError({ id: 'request_not_found', message: CONSOLE_MESSAGES.requestNotFound });

/** Requests for review, newest first, filtered by status, province and day of submission. */
export async function listOfficeRequests(
  ctx: ConsoleContext,
  filter: { status?: string; province?: string; from?: string; to?: string; page: number },
) {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(officeAccountRequests.status, filter.status as 'submitted') : undefined,
    filter.province ? eq(provinceCode, filter.province) : undefined,
    // Days as the ministry reads them: Jakarta time.
    filter.from
      ? gte(
          officeAccountRequests.createdAt,
          sql`(${filter.from}::date)::timestamp AT TIME ZONE 'Asia/Jakarta'`,
        )
      : undefined,
    filter.to
      ? lt(
          officeAccountRequests.createdAt,
          sql`((${filter.to}::date + 1)::timestamp) AT TIME ZONE 'Asia/Jakarta'`,
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [total] = await ctx.db.select({ n: count() }).from(officeAccountRequests).where(where);
  const rows = await ctx.db
    .select({
      id: officeAccountRequests.id,
      name: officeAccountRequests.fullName,
      officeType: officeAccountRequests.officeType,
      region: region.name,
      province: province.name,
      status: officeAccountRequests.status,
      createdAt: officeAccountRequests.createdAt,
    })
    .from(officeAccountRequests)
    .innerJoin(region, eq(region.code, officeAccountRequests.regionCode))
    .innerJoin(province, eq(province.code, provinceCode))
    .where(where)
    .orderBy(desc(officeAccountRequests.createdAt), desc(officeAccountRequests.id))
    .limit(CONSOLE_PAGE_SIZE)
    .offset((filter.page - 1) * CONSOLE_PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      ...row,
      id: String(row.id),
      number: officeRequestNumber(row.id, row.createdAt),
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: CONSOLE_PAGE_SIZE,
  };
}

export async function officeRequestDetail(
  ctx: ConsoleContext,
  id: number,
): Promise<OfficeRequestDetail> {
  const [row] = await ctx.db
    .select({
      request: officeAccountRequests,
      region: region.name,
      province: province.name,
      accountEmail: learningAccounts.email,
    })
    .from(officeAccountRequests)
    .innerJoin(region, eq(region.code, officeAccountRequests.regionCode))
    .innerJoin(province, eq(province.code, provinceCode))
    .leftJoin(learningAccounts, eq(learningAccounts.id, officeAccountRequests.accountId))
    .where(eq(officeAccountRequests.id, id));
  if (!row) throw notFound();
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

/** The request's letter (or education report), for staff to read inline; audited. */
export async function officeRequestFile(
  ctx: ConsoleContext,
  staff: Staff,
  id: number,
  which: 'letter' | 'report',
  ip: string,
): Promise<Buffer> {
  const [row] = await ctx.db
    .select({ storageKey: privateUploads.storageKey, createdAt: officeAccountRequests.createdAt })
    .from(officeAccountRequests)
    .innerJoin(
      privateUploads,
      eq(
        privateUploads.id,
        which === 'letter'
          ? officeAccountRequests.letterUploadId
          : officeAccountRequests.reportUploadId,
      ),
    )
    .where(eq(officeAccountRequests.id, id));
  if (!row) throw notFound();
  await ctx.audit.record({
    action: 'office-request',
    outcome: `read-${which}`,
    actor: actor(staff),
    ip,
    target: officeRequestNumber(id, row.createdAt),
  });
  return ctx.storage.get(row.storageKey);
}

/** Decides a request still waiting, once: a second decision (or a race) is a 409. */
async function decide(
  ctx: ConsoleContext,
  staff: Staff,
  id: number,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(officeAccountRequests)
      .set({
        status: decision.status,
        decidedBy: staff.staffId,
        decidedAt: sql`now()`,
        rejectionReason: decision.status === 'rejected' ? decision.reason : null,
      })
      .where(and(eq(officeAccountRequests.id, id), eq(officeAccountRequests.status, 'submitted')))
      .returning({
        email: officeAccountRequests.email,
        createdAt: officeAccountRequests.createdAt,
      });
    if (!row) {
      const [exists] = await tx
        .select({ id: officeAccountRequests.id })
        .from(officeAccountRequests)
        .where(eq(officeAccountRequests.id, id));
      if (!exists) throw notFound();
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
        ctx.templates.officeRequestRejected(row.email, number, decision.reason),
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
    return officeRequestDetail({ ...ctx, db: tx as unknown as Db }, id);
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

/**
 * Creates an approved request's office account, in one transaction: the office of its region
 * (made when the registry has none yet), the applicant as a person of the registry (found by NIK,
 * else added), their place in the office, the account with the password they chose, and the
 * e-mail with its address. A retry after a crash finds the account made and does nothing.
 */
export async function createOfficeAccount(ctx: ConsoleContext, requestId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(officeAccountRequests)
      .where(eq(officeAccountRequests.id, requestId))
      .for('update');
    if (!request || request.status !== 'approved' || request.accountId !== null) return;
    const [place] = await tx
      .select({ name: regions.name })
      .from(regions)
      .where(eq(regions.code, request.regionCode));
    await tx
      .insert(offices)
      .values({
        regionCode: request.regionCode,
        type: request.officeType,
        name: `Dinas Pendidikan ${place?.name ?? request.regionCode}`,
      })
      .onConflictDoNothing();
    const [office] = await tx
      .select({ id: offices.id })
      .from(offices)
      .where(and(eq(offices.regionCode, request.regionCode), eq(offices.type, request.officeType)));
    let [person] = await tx
      .select({ id: people.id })
      .from(people)
      .where(eq(people.nik, request.nik));
    if (!person) {
      [person] = await tx
        .insert(people)
        .values({
          kind: 'dinas',
          nik: request.nik,
          fullName: request.fullName,
          nameKey: personNameKey(request.fullName),
          // A woman's NIK carries her day of birth plus 40.
          gender: Number(request.nik.slice(6, 8)) > 40 ? 'P' : 'L',
          birthDate: request.birthDate,
          motherName: request.motherName,
          motherNameKey: personNameKey(request.motherName),
          personalEmail: request.email,
          phone: request.phone,
        })
        .returning({ id: people.id });
    }
    if (!person || !office) throw new Error('office or person missing');
    await tx
      .insert(officeStaff)
      .values({
        personId: person.id,
        officeId: office.id,
        position:
          request.position === 'lainnya' ? (request.positionOther ?? 'Lainnya') : request.position,
      })
      .onConflictDoNothing();
    const account = await insertUniqueAccount(tx, {
      personId: person.id,
      base: addressBase(request.fullName),
      domain: ctx.domain,
      schoolLevel: null,
      kind: 'dinas',
      officeId: office.id,
      passwordHash: request.passwordHash,
    });
    await tx
      .update(officeAccountRequests)
      .set({ accountId: account.id })
      .where(eq(officeAccountRequests.id, requestId));
    const number = officeRequestNumber(request.id, request.createdAt);
    await ctx.outbox.enqueue(
      tx,
      ctx.templates.officeAccountCreated(request.email, number, account.email),
    );
    await ctx.audit.record(
      {
        action: 'office-request',
        outcome: 'account-created',
        userType: 'dinas',
        personId: person.id,
        target: number,
      },
      tx,
    );
  });
}

export async function registerOfficeAccountWorker(ctx: ConsoleContext): Promise<void> {
  await ctx.queue.createQueue(OFFICE_ACCOUNT_QUEUE, {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
  });
  await ctx.queue.work<{ requestId: number }>(
    OFFICE_ACCOUNT_QUEUE,
    async (job: Job<{ requestId: number }>) => createOfficeAccount(ctx, job.data.requestId),
  );
}

// Codes are read aloud and typed: no 0/O or 1/I.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new referral code: 10 random characters (50 bits), a use limit, maybe an expiry. */
export async function createReferralCode(
  ctx: ConsoleContext,
  staff: Staff,
  input: { maxUses: number; expiresAt?: string | undefined },
  ip: string,
) {
  const code = Array.from(
    { length: 10 },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
  const [row] = await ctx.db
    .insert(referralCodes)
    .values({
      code,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      createdBy: staff.staffId,
    })
    .returning();
  await ctx.audit.record({
    action: 'referral-code',
    outcome: 'created',
    actor: actor(staff),
    ip,
    target: code,
  });
  return referralItem(row!);
}

const referralItem = (row: typeof referralCodes.$inferSelect) => ({
  id: String(row.id),
  code: row.code,
  maxUses: row.maxUses,
  uses: row.uses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  state: referralState(row) as 'valid' | 'revoked' | 'expired' | 'used_up',
});

export async function listReferralCodes(ctx: ConsoleContext) {
  const rows = await ctx.db
    .select()
    .from(referralCodes)
    .orderBy(desc(referralCodes.createdAt))
    .limit(200);
  return { items: rows.map(referralItem) };
}

export async function revokeReferralCode(
  ctx: ConsoleContext,
  staff: Staff,
  id: number,
  ip: string,
) {
  const [row] = await ctx.db
    .update(referralCodes)
    .set({ revokedAt: sql`coalesce(${referralCodes.revokedAt}, now())` })
    .where(eq(referralCodes.id, id))
    .returning();
  if (!row)
    throw new NotFoundError({ id: 'referral_unknown', message: CONSOLE_MESSAGES.codeNotFound });
  await ctx.audit.record({
    action: 'referral-code',
    outcome: 'revoked',
    actor: actor(staff),
    ip,
    target: row.code,
  });
  return referralItem(row);
}
