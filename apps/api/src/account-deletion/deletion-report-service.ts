import {
  DELETION_MESSAGES,
  DELETION_REPORT_DAYS,
  type DeletionNotice,
  type DeletionReportBody,
} from '@portal/contracts/account-deletion';
import { ConflictError, NotFoundError } from '../http/domain-errors';
import { addDays, jakartaDay } from '../jobs/clock';
import type { MailLanguage } from '../notifications/mail-language';
import { maskEmail } from '../personal-data/masking';
import { createAccountDeletionRepository, type Deletion } from './account-deletion-repository';
import type { DeletionDependencies } from './account-deletion-dependencies';
import { deletionTokens } from './deletion-tokens';

const linkInvalid = () =>
  new NotFoundError({ id: 'deletion_link_invalid', message: DELETION_MESSAGES.linkInvalid });

/** The notice's report page: what a link is about, and the report that it is a mistake. */
export function createDeletionReports({ db, audit, now, tokenSecret }: DeletionDependencies) {
  const repository = createAccountDeletionRepository(db);
  const tokens = deletionTokens(tokenSecret);

  async function deletionOfToken(token: string): Promise<Deletion> {
    const id = tokens.idOf(token);
    if (id === null) throw linkInvalid();
    const deletion = await repository.byId(id);
    if (!deletion) throw linkInvalid();
    return deletion;
  }

  /**
   * Which accounts a link is about, masked: whoever holds the link (a forwarded mail, a shared
   * screen) learns no more than the lookup would show them.
   */
  async function maskedAccountsOf(personId: number): Promise<string[]> {
    const emails = await repository.accountEmailsOf(personId);
    return emails.map(maskEmail);
  }

  return {
    /**
     * What the report page shows for a notice's link: `closed` once a report is no longer taken
     * (past its deadline, or the accounts disabled or removed), so the page offers no form in
     * vain.
     */
    async deletionNotice(token: string): Promise<DeletionNotice> {
      const deletion = await deletionOfToken(token);
      const reportUntil = addDays(deletion.deletionOn, DELETION_REPORT_DAYS);
      const tooLate = deletion.status === 'scheduled' && jakartaDay(now()) > reportUntil;
      return {
        deletionOn: deletion.deletionOn,
        reportUntil,
        status:
          tooLate || deletion.status === 'disabled' || deletion.status === 'removed'
            ? 'closed'
            : deletion.status,
        accounts: await maskedAccountsOf(deletion.personId),
      };
    },

    /**
     * A report that the notice is a mistake, by the owner or their school's admin (the link
     * forwarded): taken until 5 days after the stated date; it stops the clock until staff
     * decide.
     */
    async reportMistake(
      body: DeletionReportBody,
      ip: string,
      language: MailLanguage,
    ): Promise<DeletionNotice> {
      const deletion = await deletionOfToken(body.token);
      const today = jakartaDay(now());
      if (deletion.status === 'cancelled')
        throw new ConflictError({ id: 'deletion_cancelled', message: DELETION_MESSAGES.cancelled });
      if (deletion.status === 'reported')
        throw new ConflictError({
          id: 'deletion_already_reported',
          message: DELETION_MESSAGES.alreadyReported,
        });
      const reportUntil = addDays(deletion.deletionOn, DELETION_REPORT_DAYS);
      if (deletion.status !== 'scheduled' || today > reportUntil)
        throw new ConflictError({
          id: 'deletion_report_too_late',
          message: DELETION_MESSAGES.tooLate,
        });
      await db.transaction(async (tx) => {
        const reported = await createAccountDeletionRepository(tx).claimReport(deletion.id, {
          reportedAt: now(),
          reportedBy: body.reporter,
          reportReason: body.reason,
          // A school admin's language says nothing of the owner's, who gets the decision.
          reportLanguage: body.reporter === 'owner' ? language : 'id',
        });
        if (!reported)
          throw new ConflictError({
            id: 'deletion_already_reported',
            message: DELETION_MESSAGES.alreadyReported,
          });
        await audit.record(
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
        accounts: await maskedAccountsOf(deletion.personId),
      };
    },
  };
}
