import {
  DATA_EXPORT_LABELS,
  DATA_EXPORT_POLICY,
  type DataExport,
  type DataExportFormat,
} from '@portal/contracts/profile';
import { enforceLimit } from '../counters/rate-limit-store';
import { UnauthorizedError } from '../http/domain-errors';
import type { MailLanguage } from '../notifications/mail-language';
import { carriesCode } from '../notifications/outbox-repository';
import { maskEmail } from '../personal-data/masking';
import { dataExportPage } from './data-export-page';
import type { ProfileCaller, ProfileDependencies } from './profile-dependencies';
import { createProfileRepository, EXPORT_ROWS } from './profile-repository';
import { createSignedInPlaces } from './signed-in-places';

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);
/** A change confirmed with the code sent to its address: that address was proven theirs. */
const isConfirmed = (change: { closedReason: string | null }) =>
  change.closedReason === 'confirmed';

/**
 * The right of access (UU 27/2022 art. 7): a copy of what the portal holds about the
 * person who asks, made on request, limited per account, audited; JSON for programs and a
 * readable page to print. Only the caller's person is ever read.
 */
export function createDataExport(deps: ProfileDependencies) {
  const { db, audit, counters } = deps;
  const places = createSignedInPlaces(deps);

  async function collect(
    caller: ProfileCaller,
    language: MailLanguage,
  ): Promise<{ data: DataExport; personId: number; kind: string }> {
    const repository = createProfileRepository(db);
    const signedIn = await repository.account(caller.accountId);
    if (!signedIn) throw new UnauthorizedError();
    const person = await repository.personInFull(signedIn.personId);
    if (!person) throw new UnauthorizedError();
    const accounts = await repository.accountsInFull(signedIn.personId);
    const accountIds = accounts.map((account) => account.id);
    const emailChanges = await repository.emailChanges(signedIn.personId);
    // Only addresses proven to be the person's: anyone signed in may name another person's
    // address as their new one, and what is sent there is that person's, not the caller's.
    const recipients = [
      ...new Set(
        [
          person.personalEmail,
          person.phone,
          ...accounts.map((account) => account.email),
          ...emailChanges.filter(isConfirmed).map((change) => change.newEmail),
        ].filter((value): value is string => !!value),
      ),
    ];
    const office = await repository.officeOf(signedIn.personId);
    const data: DataExport = {
      generated_at: new Date().toISOString(),
      person: {
        name: person.name,
        birth_date: person.birthDate,
        personal_email: person.personalEmail,
        phone: person.phone,
      },
      accounts: accounts.map((account) => ({
        email: account.email,
        user_type: account.kind,
        school_level: account.schoolLevel,
        status: account.status,
        created_at: iso(account.createdAt),
        password_changed_at: isoOrNull(account.passwordChangedAt),
      })),
      schools: (await repository.membershipsInFull(signedIn.personId)).map((membership) => ({
        npsn: membership.npsn,
        name: membership.name,
        role: membership.role,
        left_on: membership.leftOn,
      })),
      office: office?.name ?? null,
      security_history: (
        await repository.events(signedIn.personId, {
          targetHashes: accounts.map((account) => audit.hash(account.email)),
          limit: EXPORT_ROWS,
        })
      ).map((event) => ({ at: iso(event.at), action: event.action, outcome: event.outcome })),
      email_changes: emailChanges.map((change) => ({
        new_email: isConfirmed(change) ? change.newEmail : maskEmail(change.newEmail),
        requested_at: iso(change.createdAt),
        closed_at: isoOrNull(change.closedAt),
        outcome: change.closedReason,
      })),
      password_resets: (await repository.passwordResets(accountIds)).map((reset) => ({
        requested_at: iso(reset.createdAt),
        completed_at: isoOrNull(reset.completedAt),
      })),
      office_requests: (await repository.officeRequests(person.nik, accountIds)).map((request) => ({
        requested_at: iso(request.createdAt),
        status: request.status,
        office_type: request.officeType,
        region_code: request.regionCode,
      })),
      student_requests: (await repository.studentRequests(accountIds)).map((request) => ({
        requested_at: iso(request.createdAt),
        status: request.status,
        npsn: request.npsn,
        students: request.total,
      })),
      notices: (await repository.notices(recipients)).map((notice) => ({
        at: iso(notice.createdAt),
        channel: notice.channel,
        to: notice.recipient,
        // A session alone never yields a code: the subject of a message with one is replaced,
        // whichever address it went to.
        subject: carriesCode(notice)
          ? DATA_EXPORT_LABELS[language].codeWithheld
          : (notice.subject ?? notice.template),
      })),
      signed_in_sessions: (await places.signedInSessions(caller)).sessions,
    };
    const kind = accounts.find((account) => account.id === caller.accountId)?.kind ?? '';
    return { data, personId: signedIn.personId, kind };
  }

  return {
    /**
     * The caller's copy, as JSON or as a printable page: at most DATA_EXPORT_POLICY.perWindow
     * a window per account (the rate-limit store), each one audited.
     */
    async exportPersonalData(
      caller: ProfileCaller,
      format: DataExportFormat,
      ip: string,
      language: MailLanguage,
    ): Promise<{ format: 'json'; data: DataExport } | { format: 'html'; html: string }> {
      await enforceLimit(
        counters,
        `data-export:${caller.accountId}`,
        DATA_EXPORT_POLICY.perWindow,
        DATA_EXPORT_POLICY.windowMinutes * 60_000,
      );
      const { data, personId, kind } = await collect(caller, language);
      await audit.record({
        action: 'data-export',
        outcome: 'exported',
        personId,
        userType: kind || undefined,
        ip,
      });
      return format === 'json'
        ? { format, data }
        : { format, html: dataExportPage(data, language) };
    },
  };
}
