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
import { deletionTokens, type DeletionContext } from './account-deletion-service';

const linkInvalid = () =>
  new NotFoundError({ id: 'deletion_link_invalid', message: DELETION_MESSAGES.linkInvalid });

async function deletionOfToken(ctx: DeletionContext, token: string): Promise<Deletion> {
  const id = deletionTokens(ctx.tokenSecret).idOf(token);
  if (id === null) throw linkInvalid();
  const deletion = await createAccountDeletionRepository(ctx.db).byId(id);
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
    accounts: await maskedAccountsOf(ctx, deletion.personId),
  };
}

/**
 * Which accounts a link is about, masked: whoever holds the link (a forwarded mail, a shared
 * screen) learns no more than the lookup would show them.
 */
async function maskedAccountsOf(ctx: DeletionContext, personId: number): Promise<string[]> {
  const emails = await createAccountDeletionRepository(ctx.db).accountEmailsOf(personId);
  return emails.map(maskEmail);
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
    const reported = await createAccountDeletionRepository(tx).claimReport(deletion.id, {
      reportedAt: ctx.now(),
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
    accounts: await maskedAccountsOf(ctx, deletion.personId),
  };
}
