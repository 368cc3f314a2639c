import {
  LOOKUP_MESSAGES,
  type DeliveryMethod,
  type LookupRequest,
  type LookupResult,
  type School,
} from '@portal/contracts/account-lookup';
import { SCHOOL_SEARCH_LIMIT } from '@portal/contracts/account-lookup';
import type { UserType } from '@portal/contracts/user-types';
import type { AuditLog } from '../audit/audit-log';
import type { BotCheckService } from '../bot-check/bot-check-service';
import type { Db } from '../db/database';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import type { ErrorId } from '@portal/contracts/api-error';
import { ForbiddenError, NotFoundError, ValidationError } from '../http/domain-errors';
import { enforceLimit, type RateLimitStore } from '../counters/rate-limit-store';
import type { OneTimeCodes } from '../one-time-codes/one-time-codes';
import type { JobQueue } from '../jobs/job-queue';
import type { MailLanguage } from '../notifications/mail-language';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { normalizeName, personNameKey } from '../registry/name-normalizer';
import {
  createAccountLookupRepository,
  createLookupFinder,
  type AccountSummary,
  type PersonMatch,
} from './account-lookup-repository';
import { ACCOUNT_CREATION_QUEUE, type AccountCreationJob } from '../accounts/account-creation-jobs';
import { LOOKUP_TOKEN_SECONDS, type LookupTokens } from './lookup-token';
import { maskEmail, maskPhone } from '../personal-data/masking';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

type Dependencies = {
  db: Db;
  tokens: LookupTokens;
  botCheck: BotCheckService;
  toggles: FeatureTogglesService;
  counters: RateLimitStore;
  outbox: OutboxService;
  queue: JobQueue;
  templates: MessageTemplates;
  audit: AuditLog;
  codes: OneTimeCodes;
  limits: { lookupPerIpPerMinute: number; lookupPerTargetPerHour: number };
};

const notFound = () =>
  new NotFoundError({ id: 'lookup_not_found', message: LOOKUP_MESSAGES.notFound });

const fieldError = (field: string, id: ErrorId, message: string, attemptsLeft?: number) =>
  new ValidationError([{ field, message }], {
    id,
    message,
    ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
  });

const toAccountView = (accounts: AccountSummary[]) =>
  accounts.map((a) => ({ email: a.email, kind: a.kind, school_level: a.schoolLevel }));

/** Finding an account by personal data, and what the person may then ask for. */
export function createAccountLookupService(deps: Dependencies) {
  const { db, tokens, botCheck, toggles, outbox, queue, audit, codes, limits } = deps;
  const repository = createAccountLookupRepository(db);
  const finder = createLookupFinder(repository);
  const limit = (key: string, max: number, windowMs: number) =>
    enforceLimit(deps.counters, key, max, windowMs);

  /** The person a lookup token is for (and the user type it was found as); a 404 when gone. */
  async function personOfToken(
    token: string | undefined,
  ): Promise<{ person: PersonMatch; userType: UserType }> {
    const claims = await tokens.verify(token);
    const person = await repository.person(claims.personId);
    if (!person) throw notFound();
    return { person, userType: claims.userType };
  }

  /**
   * Finds a person by their data (SPEC §3): the bot check, the limits per address and per target
   * (guessing one person's mother's name from many addresses), then the batched statement.
   */
  async function lookup(request: LookupRequest, ip: string): Promise<LookupResult> {
    await limit(`lookup-ip:${ip}`, limits.lookupPerIpPerMinute, MINUTE_MS);
    if (request.userType === 'dinas' && !(await toggles.isEnabled('LOOKUP_DINAS'))) {
      throw new ForbiddenError({
        id: 'lookup_dinas_off',
        message: LOOKUP_MESSAGES.lookupDinasOff,
      });
    }
    if (!(await botCheck.verify(request.altcha))) {
      audit.queue({
        action: 'lookup',
        outcome: 'bot-check-failed',
        userType: request.userType,
        ip,
      });
      throw fieldError('altcha', 'bot_check_failed', LOOKUP_MESSAGES.botCheckFailed);
    }
    const nameKey = personNameKey(request.name);
    const motherKey = personNameKey(request.motherName);
    const place =
      request.userType === 'dinas' ? `${request.regionCode}|${request.officeType}` : request.npsn;
    const target = [request.userType, place, nameKey, request.birthDate].join('|');
    // Guessing one person's mother's name from many addresses is what this limit stops.
    const targetHash = audit.hash(target);
    await limit(`lookup-target:${targetHash}`, limits.lookupPerTargetPerHour, HOUR_MS);

    const where =
      request.userType === 'dinas'
        ? {
            kind: 'dinas' as const,
            regionCode: request.regionCode,
            officeType: request.officeType,
          }
        : { kind: request.userType, npsn: request.npsn };
    const [person] = await finder.load({
      where,
      birthDate: request.birthDate,
      nameKey,
      motherNameKey: motherKey,
    });
    if (!person) {
      audit.queue({
        action: 'lookup',
        outcome: 'not-found',
        userType: request.userType,
        ip,
        targetHash,
      });
      throw notFound();
    }
    const { accounts } = person;
    const canRequest =
      accounts.length === 0 &&
      request.userType === 'ptk' &&
      (await toggles.isEnabled('ACCOUNT_CREATION'));
    audit.queue({
      action: 'lookup',
      outcome: accounts.length > 0 ? 'found' : 'no-account',
      userType: request.userType,
      personId: person.id,
      ip,
      targetHash,
    });
    return {
      token: tokens.issue({ personId: person.id, userType: request.userType }),
      token_expires_in: LOOKUP_TOKEN_SECONDS,
      accounts: toAccountView(accounts),
      email: person.personalEmail ? maskEmail(person.personalEmail) : null,
      email_eligible: person.personalEmail !== null,
      phone: person.phone ? maskPhone(person.phone) : null,
      phone_eligible: person.phone !== null,
      can_request_account: canRequest,
    };
  }

  /** A school by NPSN; searches are limited like the lookup: both enumerate the registry. */
  async function schoolByNpsn(npsn: string, ip: string): Promise<School> {
    await limit(`school-ip:${ip}`, limits.lookupPerIpPerMinute, MINUTE_MS);
    const school = await repository.schoolByNpsn(npsn);
    if (!school)
      throw new NotFoundError({
        id: 'school_not_found',
        message: LOOKUP_MESSAGES.schoolNotFound,
      });
    return school;
  }

  /** Schools whose name holds the words typed, shortest names first. */
  async function schoolsByName(name: string, ip: string): Promise<School[]> {
    await limit(`school-ip:${ip}`, limits.lookupPerIpPerMinute, MINUTE_MS);
    const key = normalizeName(name);
    if (key.length < 3)
      throw new ValidationError([{ field: 'name', message: LOOKUP_MESSAGES.schoolNameTooShort }]);
    return repository.schoolsByName(key, SCHOOL_SEARCH_LIMIT);
  }

  /** Sends the account details to the contact on file (SPEC: request-password). */
  async function requestDetails(
    token: string | undefined,
    method: DeliveryMethod,
    ip: string,
    language: MailLanguage,
  ) {
    const templates = deps.templates.in(language);
    const { person, userType } = await personOfToken(token);
    const accounts = await repository.accounts(person.id);
    if (accounts.length === 0)
      throw new NotFoundError({ id: 'lookup_no_account', message: LOOKUP_MESSAGES.noAccount });
    if (method === 'phone' && !(await toggles.isEnabled('REQUEST_PASSWORD_BY_PHONE'))) {
      throw new ForbiddenError({
        id: 'phone_delivery_off',
        message: LOOKUP_MESSAGES.phoneDeliveryOff,
      });
    }
    const to = method === 'email' ? person.personalEmail : person.phone;
    if (!to) {
      throw method === 'email'
        ? fieldError('method', 'no_personal_email', LOOKUP_MESSAGES.noPersonalEmail)
        : fieldError('method', 'no_phone', LOOKUP_MESSAGES.noPhone);
    }
    const lines = accounts.map((a) => ({ email: a.email, schoolLevel: a.schoolLevel }));
    const refused = await db.transaction(async (tx) => {
      const refusal = await codes.takeSend(tx, {
        personId: person.id,
        flow: 'details',
        recipients: [to],
      });
      if (refusal) return refusal;
      await outbox.enqueue(
        tx,
        method === 'email'
          ? templates.accountDetails(to, lines)
          : templates.accountDetailsSms(to, lines),
      );
      await audit.record(
        {
          action: 'request-details',
          outcome: `queued-${method}`,
          userType,
          personId: person.id,
          ip,
        },
        tx,
      );
      return undefined;
    });
    if (refused) throw refused;
    return { method, sent_to: method === 'email' ? maskEmail(to) : maskPhone(to) };
  }

  /** Queues the creation of an educator's account (ACCOUNT_CREATION on). */
  async function requestAccountCreation(
    token: string | undefined,
    pathType: UserType,
    ip: string,
    language: MailLanguage,
  ) {
    const { person, userType } = await personOfToken(token);
    if (pathType !== userType) throw new ForbiddenError();
    if (userType !== 'ptk') {
      throw new ForbiddenError({
        id: 'account_creation_not_for_type',
        message: LOOKUP_MESSAGES.accountCreationNotForType,
      });
    }
    if (!(await toggles.isEnabled('ACCOUNT_CREATION'))) {
      throw new ForbiddenError({
        id: 'account_creation_off',
        message: LOOKUP_MESSAGES.accountCreationOff,
      });
    }
    if (!person.personalEmail)
      throw fieldError('email', 'no_personal_email', LOOKUP_MESSAGES.noPersonalEmail);
    if ((await repository.accounts(person.id)).length > 0) return { status: 'exists' as const };
    await db.transaction(async (tx) => {
      await queue.send(
        ACCOUNT_CREATION_QUEUE,
        { personId: person.id, language } satisfies AccountCreationJob,
        { tx, singletonKey: `create-${person.id}` },
      );
      await audit.record(
        { action: 'account-creation', outcome: 'queued', userType, personId: person.id, ip },
        tx,
      );
    });
    return { status: 'queued' as const };
  }

  return {
    lookup,
    schoolByNpsn,
    schoolsByName,
    requestDetails,
    requestAccountCreation,
    personOfToken,
  };
}
export type AccountLookupService = ReturnType<typeof createAccountLookupService>;
