import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import { OFFICE_ACCOUNT_ESTIMATE_DAYS } from '@portal/contracts/business-constants';
import { DINAS_MESSAGES, type DinasRequestBody } from '@portal/contracts/dinas-request';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import type { AuditLog } from '../audit/audit-repository';
import { isCommonPassword } from '../credentials/common-passwords';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/database-errors';
import { officeAccountRequests, privateUploads, referralCodes, regions } from '../db/schema';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import { DomainError, ForbiddenError, ValidationError } from '../http/domain-errors';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { checkReferralCode } from './office-reference';

export type OfficeRequestContext = {
  db: Db;
  hasher: { hash(password: string): Promise<string> };
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  toggles: FeatureTogglesService;
};

type Submitted = {
  request_number: string;
  status: 'submitted' | 'approved' | 'rejected';
  estimate_days: number;
};

/** `DNS-2026-000042`: the year of submission and the request's id. */
export const officeRequestNumber = (id: number, at: Date) =>
  `DNS-${at.getUTCFullYear()}-${String(id).padStart(6, '0')}`;

const fieldError = (field: string, message: string) => new ValidationError([{ field, message }]);

const answer = (row: { id: number; createdAt: Date; status: Submitted['status'] }): Submitted => ({
  request_number: officeRequestNumber(row.id, row.createdAt),
  status: row.status,
  estimate_days: OFFICE_ACCOUNT_ESTIMATE_DAYS,
});

async function existing(db: Db, requestKey: string) {
  const [row] = await db
    .select({
      id: officeAccountRequests.id,
      createdAt: officeAccountRequests.createdAt,
      status: officeAccountRequests.status,
    })
    .from(officeAccountRequests)
    .where(eq(officeAccountRequests.requestKey, requestKey));
  return row;
}

/**
 * Records an office's request (SPEC §3) in one transaction: one use of the referral code, the
 * uploaded files claimed, the request, the confirmation e-mail and the audit entry, all or
 * nothing. The same `requestKey` again answers the request already made (a double click, a
 * retry after a lost answer) and changes nothing.
 */
export async function submitOfficeRequest(
  ctx: OfficeRequestContext,
  body: DinasRequestBody,
  ip: string,
): Promise<{ result: Submitted; created: boolean }> {
  const { db } = ctx;
  const already = await existing(db, body.requestKey);
  if (already) return { result: answer(already), created: false };
  if (!(await ctx.toggles.isEnabled('ACCOUNT_CREATION'))) {
    throw new ForbiddenError({
      id: 'account_creation_off',
      message: LOOKUP_MESSAGES.accountCreationOff,
    });
  }
  if (isCommonPassword(body.password)) {
    throw new DomainError('VALIDATION_FAILED', 400, {
      id: 'reset_password_common',
      message: RESET_MESSAGES.commonPassword,
      fieldErrors: [{ field: 'password', message: RESET_MESSAGES.commonPassword }],
    });
  }
  const regionCode = body.dinasType === 'provinsi' ? body.province : (body.city ?? '');
  const [region] = await db
    .select({ code: regions.code })
    .from(regions)
    .where(
      body.dinasType === 'provinsi'
        ? and(eq(regions.code, regionCode), eq(regions.level, 'province'))
        : and(eq(regions.code, regionCode), eq(regions.parentCode, body.province)),
    );
  if (!region) {
    throw body.dinasType === 'provinsi'
      ? fieldError('province', DINAS_MESSAGES.provinceInvalid)
      : fieldError('city', DINAS_MESSAGES.cityInvalid);
  }
  const passwordHash = await ctx.hasher.hash(body.password);
  const uploads = [body.document.letter, body.document.educationReport]
    .filter((ref): ref is string => ref !== undefined)
    .map((ref) => ref.slice('upload:'.length));

  try {
    const created = await db.transaction(async (tx) => {
      // One use of the code, taken only while it is still good: two offices racing for its last
      // use cannot both have it.
      const [code] = await tx
        .update(referralCodes)
        .set({ uses: sql`${referralCodes.uses} + 1` })
        .where(
          and(
            eq(referralCodes.code, body.referralCode),
            isNull(referralCodes.revokedAt),
            or(isNull(referralCodes.expiresAt), gt(referralCodes.expiresAt, sql`now()`)),
            lt(referralCodes.uses, referralCodes.maxUses),
          ),
        )
        .returning({ id: referralCodes.id });
      // Not usable: the check says why, and the transaction rolls back.
      if (!code) await checkReferralCode(tx, body.referralCode);
      const [row] = await tx
        .insert(officeAccountRequests)
        .values({
          requestKey: body.requestKey,
          fullName: body.name,
          nik: body.nik,
          birthDate: body.birthDate,
          motherName: body.motherName,
          email: body.email,
          phone: body.phone,
          regionCode,
          officeType: body.dinasType,
          position: body.position,
          positionOther: body.position === 'lainnya' ? (body.positionOther ?? null) : null,
          referralCodeId: code!.id,
          letterSubject: body.suratDinas,
          letterNumber: body.nomorSuratDinas,
          platforms: body.platform,
          letterUploadId: uploads[0]!,
          reportUploadId: uploads[1] ?? null,
          passwordHash,
        })
        .returning({
          id: officeAccountRequests.id,
          createdAt: officeAccountRequests.createdAt,
          status: officeAccountRequests.status,
        });
      if (!row) throw new Error('request not inserted');
      // After the request's row: a duplicate submission stops at its unique key first.
      const claimed = await tx
        .update(privateUploads)
        .set({ claimedAt: sql`now()` })
        .where(and(inArray(privateUploads.id, uploads), isNull(privateUploads.claimedAt)))
        .returning({ id: privateUploads.id });
      if (claimed.length !== uploads.length) {
        throw fieldError('document.letter', DINAS_MESSAGES.uploadInvalid);
      }
      const number = officeRequestNumber(row.id, row.createdAt);
      await ctx.outbox.enqueue(
        tx,
        ctx.templates.officeRequestReceived(body.email, number, OFFICE_ACCOUNT_ESTIMATE_DAYS),
      );
      await ctx.audit.record(
        { action: 'office-request', outcome: 'submitted', userType: 'dinas', ip, target: number },
        tx,
      );
      return row;
    });
    return { result: answer(created), created: true };
  } catch (error) {
    // The same submission arrived twice at once: the first one's request is the answer.
    if (isUniqueViolation(error, 'office_account_requests_key')) {
      const first = await existing(db, body.requestKey);
      if (first) return { result: answer(first), created: false };
    }
    throw error;
  }
}
