import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import type { ErrorId } from '@portal/contracts/api-error';
import type { UserType } from '@portal/contracts/user-types';
import type { AccountLookupService } from '../account-lookup/account-lookup-service';
import type { AuditLog } from '../audit/audit-log';
import type { Db, Transaction } from '../db/database';
import type { DomainError } from '../http/domain-errors';
import { UnauthorizedError, ValidationError } from '../http/domain-errors';
import type { MailLanguage } from '../notifications/mail-language';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { OneTimeCodes } from '../one-time-codes/one-time-codes';
import { maskEmail, maskPhone } from '../personal-data/masking';
import { createEmailChangeRepository } from './email-change-repository';

export type EmailChangeDependencies = {
  db: Db;
  /** Reads the lookup's token: a change starts from a person found by the lookup. */
  lookup: Pick<AccountLookupService, 'personOfToken'>;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  codes: OneTimeCodes;
};

const FLOW = 'email-change';

/** The two codes of a change: one to the new address, one to the contact on file. */
const bindingsOf = (requestId: number) => ({
  fresh: `${FLOW}:${requestId}`,
  current: `${FLOW}:${requestId}:current`,
});

/**
 * The one code of a change made signed in (the profile): to the new address. A binding of its
 * own, so neither kind of request can be confirmed by the other's codes.
 */
const signedInBindingOf = (requestId: number) => `${FLOW}:${requestId}:signed-in`;

/** Whom a confirm step moves the address of, and whom it tells. */
type ConfirmingPerson = {
  id: number;
  userType: UserType;
  personalEmail: string | null;
  phone: string | null;
};

const fieldError = (field: string, id: ErrorId, message: string) =>
  new ValidationError([{ field, message }], { id, message });

/** The error of wrong codes: each wrong code's field is named, the id says which of the two. */
function wrongCodesError(wrong: readonly string[], requestId: number, attemptsLeft: number) {
  const bindings = bindingsOf(requestId);
  const message = LOOKUP_MESSAGES.codeInvalid(attemptsLeft);
  const newWrong = wrong.includes(bindings.fresh);
  const oldWrong = wrong.includes(bindings.current);
  const fields = [...(newWrong ? ['code'] : []), ...(oldWrong ? ['code_current'] : [])];
  const id: ErrorId = !oldWrong
    ? 'email_change_new_code_invalid'
    : !newWrong
      ? 'email_change_old_code_invalid'
      : 'email_change_codes_invalid';
  return new ValidationError(
    fields.map((field) => ({ field, message })),
    { id, message, attemptsLeft },
  );
}

function attemptsUsedUpError() {
  const message = LOOKUP_MESSAGES.codeLocked;
  return new ValidationError(
    [
      { field: 'code', message },
      { field: 'code_current', message },
    ],
    { id: 'email_change_attempts_used_up', message, attemptsLeft: 0 },
  );
}

/** Changing the personal e-mail on file, for a person the lookup found (its token). */
export function createEmailChangeService(deps: EmailChangeDependencies) {
  const { db, lookup, outbox, audit, codes } = deps;
  const repository = createEmailChangeRepository(db);

  /**
   * The start step both ways of changing share: the sends to the recipients are counted against
   * the person's limits (a refusal is handed back, not thrown, so that the count is committed),
   * an older open request gives way, and the new one is valid as long as its codes.
   */
  async function openRequest(
    tx: Transaction,
    personId: number,
    newEmail: string,
    recipients: string[],
  ): Promise<{ refusal: DomainError } | { requestId: number }> {
    const refusal = await codes.takeSend(tx, { personId, flow: FLOW, recipients });
    if (refusal) return { refusal };
    const requests = createEmailChangeRepository(tx);
    await requests.closeOpenRequests(personId, 'superseded');
    const requestId = await requests.createRequest({
      personId,
      newEmail,
      validSeconds: codes.policy.emailCodeMinutes * 60,
    });
    return { requestId };
  }

  /**
   * Starts a change of personal e-mail: one code to the new address (it works), one to the
   * contact already on file (it is theirs). The lookup data alone never moves the address that
   * password resets go to.
   */
  async function startEmailChange(
    token: string | undefined,
    newEmail: string,
    ip: string,
    language: MailLanguage,
  ) {
    const templates = deps.templates.in(language);
    const { person, userType } = await lookup.personOfToken(token);
    if (person.personalEmail?.toLowerCase() === newEmail) {
      throw fieldError('email', 'email_change_same_email', LOOKUP_MESSAGES.sameEmail);
    }
    const current = person.personalEmail
      ? { channel: 'email' as const, to: person.personalEmail }
      : person.phone
        ? { channel: 'sms' as const, to: person.phone }
        : undefined;
    if (!current) {
      throw fieldError('email', 'email_change_no_contact', LOOKUP_MESSAGES.noContactForChange);
    }
    const minutes = codes.policy.emailCodeMinutes;
    const refused = await db.transaction(async (tx) => {
      const opened = await openRequest(tx, person.id, newEmail, [newEmail, current.to]);
      if ('refusal' in opened) return opened.refusal;
      const { requestId } = opened;
      const bindings = bindingsOf(requestId);
      const issue = (binding: string) =>
        codes.issue(tx, { personId: person.id, flow: FLOW, binding, minutes });
      const newCode = (await issue(bindings.fresh)).code;
      const currentCode = (await issue(bindings.current)).code;
      const maskedNew = maskEmail(newEmail);
      await outbox.enqueue(tx, templates.emailChangeCode(newEmail, newCode, minutes));
      await outbox.enqueue(
        tx,
        current.channel === 'email'
          ? templates.emailChangeApprovalCode(current.to, currentCode, maskedNew, minutes)
          : templates.emailChangeApprovalSms(current.to, currentCode, maskedNew, minutes),
      );
      await audit.record(
        { action: 'change-email', outcome: 'codes-sent', userType, personId: person.id, ip },
        tx,
      );
      return undefined;
    });
    if (refused) throw refused;
    return {
      email: maskEmail(newEmail),
      current_sent_to: current.channel === 'email' ? maskEmail(current.to) : maskPhone(current.to),
      expires_in: minutes * 60,
    };
  }

  /**
   * The confirm step both ways of changing share: the person's open request, its codes checked
   * (a wrong one is counted and committed before the error is answered), the address moved and
   * the contact on file told: its e-mail, or its phone when there is none.
   */
  async function confirmRequest(
    person: ConfirmingPerson,
    entered: {
      /** The codes typed, each with the binding it was issued under. */
      codesOf: (requestId: number) => { binding: string; code: string }[];
      wrongCodesError: (
        wrong: readonly string[],
        requestId: number,
        attemptsLeft: number,
      ) => ValidationError;
    },
    audited: { ip: string; confirmedOutcome: string },
    language: MailLanguage,
  ) {
    const templates = deps.templates.in(language);
    const record = (outcome: string, tx: Transaction) =>
      audit.record(
        {
          action: 'change-email',
          outcome,
          userType: person.userType,
          personId: person.id,
          ip: audited.ip,
        },
        tx,
      );
    const outcome = await db.transaction(async (tx) => {
      const requests = createEmailChangeRepository(tx);
      const request = await requests.openRequest(person.id);
      const expired = () => ({
        error: fieldError('code', 'email_change_code_expired', LOOKUP_MESSAGES.codeExpired),
      });
      if (!request) return expired();
      if (request.expiresAt.getTime() <= Date.now()) {
        await requests.closeRequest(request.id, 'expired');
        return expired();
      }
      const result = await codes.check(tx, {
        personId: person.id,
        flow: FLOW,
        codes: entered.codesOf(request.id),
      });
      if (!result.ok) {
        await record(result.reason === 'wrong' ? 'wrong-code' : result.reason, tx);
        if (result.reason === 'locked') return { error: result.error };
        if (result.reason === 'expired') return expired();
        if (result.reason !== 'wrong') return { error: attemptsUsedUpError() };
        return { error: entered.wrongCodesError(result.wrong, request.id, result.attemptsLeft) };
      }
      await requests.updatePersonalEmail(person.id, request.newEmail);
      await requests.closeRequest(request.id, 'confirmed');
      const masked = maskEmail(request.newEmail);
      if (person.personalEmail) {
        await outbox.enqueue(
          tx,
          templates.emailChangedNotice(person.personalEmail, masked, new Date()),
        );
      } else if (person.phone) {
        await outbox.enqueue(tx, templates.emailChangedNoticeSms(person.phone, masked, new Date()));
      }
      await record(audited.confirmedOutcome, tx);
      return { email: masked };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome;
  }

  /** Confirms the change with both codes; the old contact is told. */
  async function confirmEmailChange(
    token: string | undefined,
    code: string,
    codeCurrent: string,
    ip: string,
    language: MailLanguage,
  ) {
    const { person, userType } = await lookup.personOfToken(token);
    return confirmRequest(
      { ...person, userType },
      {
        codesOf: (requestId) => {
          const bindings = bindingsOf(requestId);
          return [
            { binding: bindings.fresh, code },
            { binding: bindings.current, code: codeCurrent },
          ];
        },
        wrongCodesError,
      },
      { ip, confirmedOutcome: 'confirmed' },
      language,
    );
  }

  /** The person behind a signed-in account; a 401 for an account gone since its token. */
  async function personOfAccount(accountId: number) {
    const person = await repository.personOfAccount(accountId);
    if (!person) throw new UnauthorizedError();
    return person;
  }

  /**
   * Starts a change of personal e-mail from the profile: the person is known by
   * their sign-in, so one code goes to the new address (it works) and none to the contact on
   * file, which is told once the change is made. The sends and wrong entries count with the
   * lookup's change (one flow per person): a new route never brings fresh guesses.
   */
  async function startSignedIn(
    accountId: number,
    newEmail: string,
    ip: string,
    language: MailLanguage,
  ) {
    const templates = deps.templates.in(language);
    const person = await personOfAccount(accountId);
    if (person.personalEmail?.toLowerCase() === newEmail) {
      throw fieldError('email', 'email_change_same_email', LOOKUP_MESSAGES.sameEmail);
    }
    const minutes = codes.policy.emailCodeMinutes;
    const refused = await db.transaction(async (tx) => {
      const opened = await openRequest(tx, person.id, newEmail, [newEmail]);
      if ('refusal' in opened) return opened.refusal;
      const { requestId } = opened;
      const { code } = await codes.issue(tx, {
        personId: person.id,
        flow: FLOW,
        binding: signedInBindingOf(requestId),
        minutes,
      });
      await outbox.enqueue(tx, templates.emailChangeCode(newEmail, code, minutes));
      await audit.record(
        {
          action: 'change-email',
          outcome: 'code-sent-signed-in',
          userType: person.userType,
          personId: person.id,
          ip,
        },
        tx,
      );
      return undefined;
    });
    if (refused) throw refused;
    return {
      email: maskEmail(newEmail),
      expires_in: minutes * 60,
      resend_in: codes.policy.resendCooldownSeconds,
    };
  }

  /** Confirms a change started from the profile by its one code; the old contact is told. */
  async function confirmSignedIn(
    accountId: number,
    code: string,
    ip: string,
    language: MailLanguage,
  ) {
    const person = await personOfAccount(accountId);
    return confirmRequest(
      person,
      {
        codesOf: (requestId) => [{ binding: signedInBindingOf(requestId), code }],
        wrongCodesError: (_wrong, _requestId, attemptsLeft) => {
          const message = LOOKUP_MESSAGES.codeInvalid(attemptsLeft);
          return new ValidationError([{ field: 'code', message }], {
            id: 'email_change_new_code_invalid',
            message,
            attemptsLeft,
          });
        },
      },
      // An outcome of its own: the lookup's funnel counts the changes the lookup led to.
      { ip, confirmedOutcome: 'confirmed-signed-in' },
      language,
    );
  }

  return {
    start: startEmailChange,
    confirm: confirmEmailChange,
    startSignedIn,
    confirmSignedIn,
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
