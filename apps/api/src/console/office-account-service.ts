import { addressBase, insertUniqueAccount } from '../accounts/account-creation-jobs';
import { officeRequestNumber } from '../office-request/office-request-service';
import { personNameKey } from '../registry/name-normalizer';
import type { ConsoleDependencies } from './console-dependencies';
import { createOfficeReviewRepository } from './office-review-repository';

/** The account of an approved office, made by the job the approval queued. */
export function createOfficeAccounts({
  db,
  outbox,
  templates,
  audit,
  domain,
}: ConsoleDependencies) {
  return {
    /**
     * Creates an approved request's office account, in one transaction: the office of its
     * region (made when the registry has none yet), the applicant as a person of the registry
     * (found by NIK, else added), their place in the office, the account with the password they
     * chose, and the e-mail with its address. A retry after a crash finds the account made and
     * does nothing.
     */
    async createOfficeAccount(requestId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createOfficeReviewRepository(tx);
        const request = await repository.lockRequest(requestId);
        if (!request || request.status !== 'approved' || request.accountId !== null) return;
        const place = await repository.regionName(request.regionCode);
        const officeId = await repository.ensureOffice({
          regionCode: request.regionCode,
          type: request.officeType,
          name: `Dinas Pendidikan ${place ?? request.regionCode}`,
        });
        let personId = await repository.personByNik(request.nik);
        if (personId === undefined) {
          personId = await repository.insertPerson({
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
          });
        }
        if (personId === undefined || officeId === undefined) {
          throw new Error('office or person missing');
        }
        await repository.addStaff({
          personId,
          officeId,
          position:
            request.position === 'lainnya'
              ? (request.positionOther ?? 'Lainnya')
              : request.position,
        });
        const account = await insertUniqueAccount(tx, {
          personId,
          base: addressBase(request.fullName),
          domain,
          schoolLevel: null,
          kind: 'dinas',
          officeId,
          passwordHash: request.passwordHash,
        });
        await repository.setAccount(requestId, account.id);
        const number = officeRequestNumber(request.id, request.createdAt);
        await outbox.enqueue(
          tx,
          templates.in(request.language).officeAccountCreated(request.email, number, account.email),
        );
        await audit.record(
          {
            action: 'office-request',
            outcome: 'account-created',
            userType: 'dinas',
            personId,
            target: number,
          },
          tx,
        );
      });
    },
  };
}
