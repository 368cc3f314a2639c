import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import { OFFICE_ACCOUNT_ESTIMATE_DAYS } from '@portal/contracts/business-constants';
import { OFFICE_REQUEST_MESSAGES, type OfficeRequestBody } from '@portal/contracts/office-request';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import type { AuditLog } from '../audit/audit-log';
import { isCommonPassword } from '../credentials/common-passwords';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../logging/database-errors';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import { DomainError, ForbiddenError, ValidationError } from '../http/domain-errors';
import type { MailLanguage } from '../notifications/mail-language';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { RateLimitStore } from '../counters/rate-limit-store';
import { checkReferralCode } from './office-reference';
import { createOfficeRequestRepository } from './office-request-repository';

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

/** An office's request for its account (SPEC §3): its lists, its code, the request. */
export function createOfficeRequestService({
  db,
  hasher,
  outbox,
  templates,
  audit,
  toggles,
  counters,
}: {
  db: Db;
  hasher: { hash(password: string): Promise<string> };
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  toggles: FeatureTogglesService;
  counters: RateLimitStore;
}) {
  const repository = createOfficeRequestRepository(db);
  return {
    /** The regencies and cities of a province, by name (SPEC §7: items `id`, `name`). */
    async citiesOf(province: string) {
      if (!(await repository.isProvince(province))) {
        throw new ValidationError([
          { field: 'province', message: OFFICE_REQUEST_MESSAGES.provinceInvalid },
        ]);
      }
      return repository.citiesOf(province);
    },

    /** SPEC §7's referral code check: valid, or why not. */
    checkReferralCode: (code: string) => checkReferralCode(db, code),

    /**
     * Records an office's request (SPEC §3) in one transaction: one use of the referral code, the
     * uploaded files claimed, the request, the confirmation e-mail and the audit entry, all or
     * nothing. The same `requestKey` again answers the request already made (a double click, a
     * retry after a lost answer) and changes nothing.
     */
    async submitOfficeRequest(
      body: OfficeRequestBody,
      ip: string,
      language: MailLanguage,
    ): Promise<{ result: Submitted; created: boolean }> {
      const already = await repository.byRequestKey(body.requestKey);
      if (already) return { result: answer(already), created: false };
      if (!(await toggles.isEnabled('ACCOUNT_CREATION'))) {
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
      const known =
        body.dinasType === 'provinsi'
          ? await repository.isProvince(regionCode)
          : await repository.isRegencyOf(regionCode, body.province);
      if (!known) {
        throw body.dinasType === 'provinsi'
          ? fieldError('province', OFFICE_REQUEST_MESSAGES.provinceInvalid)
          : fieldError('city', OFFICE_REQUEST_MESSAGES.cityInvalid);
      }
      const passwordHash = await hasher.hash(body.password);
      const uploads = [body.document.letter, body.document.educationReport]
        .filter((ref): ref is string => ref !== undefined)
        .map((ref) => ref.slice('upload:'.length));

      try {
        const created = await db.transaction(async (tx) => {
          const requests = createOfficeRequestRepository(tx);
          const code = await requests.takeReferralUse(body.referralCode);
          // Not usable: the check says why, and the transaction rolls back.
          if (!code) await checkReferralCode(tx, body.referralCode);
          const row = await requests.insert({
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
            language,
          });
          if (!row) throw new Error('request not inserted');
          // After the request's row: a duplicate submission stops at its unique key first.
          const claimed = await requests.claimUploads(uploads);
          if (claimed.length !== uploads.length) {
            throw fieldError('document.letter', OFFICE_REQUEST_MESSAGES.uploadInvalid);
          }
          const number = officeRequestNumber(row.id, row.createdAt);
          await outbox.enqueue(
            tx,
            templates
              .in(language)
              .officeRequestReceived(body.email, number, OFFICE_ACCOUNT_ESTIMATE_DAYS),
          );
          await audit.record(
            {
              action: 'office-request',
              outcome: 'submitted',
              userType: 'dinas',
              ip,
              target: number,
            },
            tx,
          );
          return row;
        });
        return { result: answer(created), created: true };
      } catch (error) {
        // The same submission arrived twice at once: the first one's request is the answer.
        if (isUniqueViolation(error, 'office_account_requests_key')) {
          const first = await repository.byRequestKey(body.requestKey);
          if (first) return { result: answer(first), created: false };
        }
        throw error;
      }
    },

    /** @fastify/rate-limit's options that keep its counts in the shared counters. */
    rateLimitCounters: (namespace: string) => counters.fastifyOptions(namespace),
  };
}
export type OfficeRequestService = ReturnType<typeof createOfficeRequestService>;
