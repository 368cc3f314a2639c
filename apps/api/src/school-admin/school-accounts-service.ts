import {
  SCHOOL_ADMIN_MESSAGES,
  type SchoolAccountSearchResult,
} from '@portal/contracts/school-admin';
import type { SchoolAdmin } from '../access/caller';
import { NotFoundError } from '../http/domain-errors';
import { newInitialPassword } from './initial-passwords';
import { createSchoolAdminRepository } from './school-admin-repository';
import type { SchoolAdminDependencies } from './school-admin-dependencies';

/** The school's student accounts: the search and the password reset by the school. */
export function createSchoolAccounts({
  db,
  audit,
  hasher,
  outbox,
  templates,
  revokeSignIns,
}: SchoolAdminDependencies) {
  const repository = createSchoolAdminRepository(db);
  return {
    /** The learning accounts of the school's students, paged, for the school admin's portal. */
    searchSchoolAccounts(
      admin: SchoolAdmin,
      input: { query: string; page: number },
    ): Promise<SchoolAccountSearchResult> {
      return repository.searchAccounts(admin.npsn, input.query, input.page);
    },

    /**
     * Gives a student's account a new initial password, shown once to the admin: only its hash
     * is kept, the first sign-in must replace it, every session of the account ends, and the
     * student is told at the personal e-mail on file. All in one transaction, audited.
     */
    async resetStudentPassword(
      admin: SchoolAdmin,
      accountId: number,
      ip: string,
    ): Promise<{ email: string; initialPassword: string }> {
      const initialPassword = newInitialPassword();
      const passwordHash = await hasher.hash(initialPassword);
      return db.transaction(async (tx) => {
        const students = createSchoolAdminRepository(tx);
        const account = await students.lockStudentAccount(admin.npsn, accountId);
        if (!account) {
          throw new NotFoundError({
            id: 'school_account_not_found',
            message: SCHOOL_ADMIN_MESSAGES.accountNotFound,
          });
        }
        await students.setInitialPassword(accountId, passwordHash);
        await revokeSignIns(tx, accountId);
        if (account.personalEmail) {
          await outbox.enqueue(
            tx,
            // The student's language is not known here, only the operator's: Indonesian (0252).
            templates
              .in('id')
              .passwordResetBySchoolNotice(account.personalEmail, account.email, new Date()),
          );
        }
        await audit.record(
          {
            action: 'student-password-reset',
            outcome: 'reset-by-school',
            userType: 'pd',
            personId: admin.personId,
            ip,
            target: account.email,
          },
          tx,
        );
        return { email: account.email, initialPassword };
      });
    },
  };
}
