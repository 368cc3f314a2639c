import {
  SCHOOL_ADMIN_MESSAGES,
  type SchoolAccountSearchResult,
} from '@portal/contracts/school-admin';
import type { AuditLog } from '../audit/audit-repository';
import type { Db, Transaction } from '../db/database';
import { NotFoundError } from '../http/domain-errors';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { newInitialPassword } from './initial-passwords';
import type { SchoolAdminRepository } from './school-admin-repository';
import type { SchoolAdmin } from '../access/caller';

export type SchoolAccountsContext = {
  db: Db;
  audit: AuditLog;
  hasher: { hash(password: string): Promise<string> };
  outbox: OutboxService;
  templates: MessageTemplates;
  revokeSignIns: (tx: Transaction, accountId: number) => Promise<void>;
  repository: SchoolAdminRepository;
};

/** The learning accounts of the school's students, paged (issue 20's admin portal). */
export function searchSchoolAccounts(
  ctx: SchoolAccountsContext,
  admin: SchoolAdmin,
  input: { query: string; page: number },
): Promise<SchoolAccountSearchResult> {
  return ctx.repository.searchAccounts(admin.npsn, input.query, input.page);
}

/**
 * Gives a student's account a new initial password, shown once to the admin: only its hash is
 * kept, the first sign-in must replace it, every session of the account ends, and the student
 * is told at the personal e-mail on file. All in one transaction, audited.
 */
export async function resetStudentPassword(
  ctx: SchoolAccountsContext,
  admin: SchoolAdmin,
  accountId: number,
  ip: string,
): Promise<{ email: string; initialPassword: string }> {
  const initialPassword = newInitialPassword();
  const passwordHash = await ctx.hasher.hash(initialPassword);
  return ctx.db.transaction(async (tx) => {
    const account = await ctx.repository.lockStudentAccount(tx, admin.npsn, accountId);
    if (!account) {
      throw new NotFoundError({
        id: 'school_account_not_found',
        message: SCHOOL_ADMIN_MESSAGES.accountNotFound,
      });
    }
    await ctx.repository.setInitialPassword(tx, accountId, passwordHash);
    await ctx.revokeSignIns(tx, accountId);
    if (account.personalEmail) {
      await ctx.outbox.enqueue(
        tx,
        // The student's language is not known here, only the operator's: Indonesian (0252).
        ctx.templates
          .in('id')
          .passwordResetBySchoolNotice(account.personalEmail, account.email, new Date()),
      );
    }
    await ctx.audit.record(
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
}
