import { DELETION_MESSAGES } from '@portal/contracts/account-deletion-messages';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup-messages';
import { ANNOUNCEMENT_MESSAGES } from '@portal/contracts/announcements-messages';
import { BADGE_SIGN_IN_MESSAGES } from '@portal/contracts/badge-sign-in-messages';
import { BADGE_MESSAGES } from '@portal/contracts/badges-messages';
import { ErrorIdSchema, ERROR_MESSAGES, type ErrorId } from '@portal/contracts/api-error';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import { RESET_MESSAGES } from '@portal/contracts/password-reset-messages';
import { CONSOLE_MESSAGES } from '@portal/contracts/console-messages';
import { OFFICE_REQUEST_MESSAGES } from '@portal/contracts/office-request-messages';
import { OPERATIONAL_DATE_MESSAGES } from '@portal/contracts/operational-dates-messages';
import { PASSKEY_MESSAGES, PASSKEY_POLICY } from '@portal/contracts/passkeys-messages';
import { SCHOOL_ADMIN_MESSAGES } from '@portal/contracts/school-admin-messages';
import { SIGN_IN_MESSAGES } from '@portal/contracts/sign-in-messages';
import { PLATFORM_MESSAGES } from '@portal/contracts/platforms-messages';
import { STAFF_MESSAGES } from '@portal/contracts/staff-messages';
import { STATISTICS_MESSAGES } from '@portal/contracts/statistics-messages';
import { TYPED_TEXT_MESSAGES } from '@portal/contracts/typed-text';
import { USER_TYPE_MESSAGES } from '@portal/contracts/user-types';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format-duration';
import { SERVER_NAMESPACE } from './namespaces';

// Imported only by journeys (lazy routes and dialogs): the home page shows no such message.
// The English texts come with the English catalogue.

/**
 * What the web shows of a failure: a text, or an API error with its id and numbers (decision
 * 0218). A text is either one of the contracts' schema messages or already in the visitor's
 * language; an `ApiError` is an error of this kind.
 */
export type ShownMessage =
  | string
  | {
      message: string;
      id?: ErrorId | null;
      attemptsLeft?: number | null;
      retryAfter?: number | null;
    };

/**
 * The messages the contracts' schemas give, by their id in the `server` namespace: the web's
 * own form checks produce them before any call, as bare texts. A test finds every message a
 * contract schema references in this list. A counted one is listed as the schemas fill it.
 */
export const SCHEMA_MESSAGES: readonly { id: string; text: string; count?: number }[] = [
  { id: 'error.required', text: ERROR_MESSAGES.required },
  { id: 'error.invalidDate', text: ERROR_MESSAGES.invalidDate },
  { id: 'error.emailInvalid', text: ERROR_MESSAGES.emailInvalid },
  { id: 'error.unauthorized', text: ERROR_MESSAGES.unauthorized },
  { id: 'error.dataInvalid', text: ERROR_MESSAGES.dataInvalid },
  { id: 'typedText.controlCharacters', text: TYPED_TEXT_MESSAGES.controlCharacters },
  { id: 'operationalDate.outOfRange', text: OPERATIONAL_DATE_MESSAGES.outOfRange },
  { id: 'lookup.nameTooLong', text: LOOKUP_MESSAGES.nameTooLong },
  { id: 'lookup.nameWithoutLetters', text: LOOKUP_MESSAGES.nameWithoutLetters },
  { id: 'lookup.regionInvalid', text: LOOKUP_MESSAGES.regionInvalid },
  { id: 'lookup.schoolNameTooShort', text: LOOKUP_MESSAGES.schoolNameTooShort },
  { id: 'lookup.codeFormat', text: LOOKUP_MESSAGES.codeFormat },
  { id: 'reset.codeFormat', text: RESET_MESSAGES.codeFormat },
  {
    id: 'reset.passwordTooShort',
    text: RESET_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH),
    count: PASSWORD_MIN_LENGTH,
  },
  {
    id: 'reset.passwordTooLong',
    text: RESET_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH),
    count: PASSWORD_MAX_LENGTH,
  },
  { id: 'reset.passwordMismatch', text: RESET_MESSAGES.passwordMismatch },
  { id: 'userType.npsnInvalid', text: USER_TYPE_MESSAGES.npsnInvalid },
  { id: 'signIn.codeFormat', text: SIGN_IN_MESSAGES.codeFormat },
  { id: 'signIn.recoveryCodeFormat', text: SIGN_IN_MESSAGES.recoveryCodeFormat },
  { id: 'badgeSignIn.npsnFormat', text: BADGE_SIGN_IN_MESSAGES.npsnFormat },
  { id: 'badgeSignIn.shortCodeRequired', text: BADGE_SIGN_IN_MESSAGES.shortCodeRequired },
  { id: 'badgeSignIn.unknown', text: BADGE_SIGN_IN_MESSAGES.unknown },
  {
    id: 'passkeys.labelTooLong',
    text: PASSKEY_MESSAGES.labelTooLong(PASSKEY_POLICY.labelMaxLength),
    count: PASSKEY_POLICY.labelMaxLength,
  },
  { id: 'staff.invitationInvalid', text: STAFF_MESSAGES.invitationInvalid },
  { id: 'staff.addressNotStaff', text: STAFF_MESSAGES.addressNotStaff },
  { id: 'schoolAdmin.emptySelection', text: SCHOOL_ADMIN_MESSAGES.emptySelection },
  { id: 'schoolAdmin.selectionTooLarge', text: SCHOOL_ADMIN_MESSAGES.selectionTooLarge },
  { id: 'schoolAdmin.queryTooLong', text: SCHOOL_ADMIN_MESSAGES.queryTooLong },
  { id: 'badges.emptySelection', text: BADGE_MESSAGES.emptySelection },
  { id: 'badges.selectionTooLarge', text: BADGE_MESSAGES.selectionTooLarge },
  { id: 'badges.gradeInvalid', text: BADGE_MESSAGES.gradeInvalid },
  { id: 'officeRequest.provinceInvalid', text: OFFICE_REQUEST_MESSAGES.provinceInvalid },
  { id: 'officeRequest.referralFormat', text: OFFICE_REQUEST_MESSAGES.referralFormat },
  { id: 'console.reasonRequired', text: CONSOLE_MESSAGES.reasonRequired },
  { id: 'console.reasonTooLong', text: CONSOLE_MESSAGES.reasonTooLong },
  { id: 'console.usesInvalid', text: CONSOLE_MESSAGES.usesInvalid },
  { id: 'console.expiryInvalid', text: CONSOLE_MESSAGES.expiryInvalid },
  { id: 'console.settingTooLong', text: CONSOLE_MESSAGES.settingTooLong },
  { id: 'officeRequest.textTooLong', text: OFFICE_REQUEST_MESSAGES.textTooLong },
  { id: 'officeRequest.uploadInvalid', text: OFFICE_REQUEST_MESSAGES.uploadInvalid },
  { id: 'officeRequest.uploadMalformed', text: OFFICE_REQUEST_MESSAGES.uploadMalformed },
  { id: 'officeRequest.nikFormat', text: OFFICE_REQUEST_MESSAGES.nikFormat },
  { id: 'officeRequest.phoneFormat', text: OFFICE_REQUEST_MESSAGES.phoneFormat },
  { id: 'officeRequest.cityInvalid', text: OFFICE_REQUEST_MESSAGES.cityInvalid },
  { id: 'officeRequest.positionInvalid', text: OFFICE_REQUEST_MESSAGES.positionInvalid },
  {
    id: 'officeRequest.positionOtherRequired',
    text: OFFICE_REQUEST_MESSAGES.positionOtherRequired,
  },
  { id: 'officeRequest.platformRequired', text: OFFICE_REQUEST_MESSAGES.platformRequired },
  { id: 'officeRequest.requestKeyInvalid', text: OFFICE_REQUEST_MESSAGES.requestKeyInvalid },
  { id: 'statistics.rangeReversed', text: STATISTICS_MESSAGES.rangeReversed },
  { id: 'statistics.rangeTooLong', text: STATISTICS_MESSAGES.rangeTooLong },
  { id: 'announcements.descriptionRequired', text: ANNOUNCEMENT_MESSAGES.descriptionRequired },
  { id: 'announcements.descriptionTooLong', text: ANNOUNCEMENT_MESSAGES.descriptionTooLong },
  { id: 'announcements.timeInvalid', text: ANNOUNCEMENT_MESSAGES.timeInvalid },
  { id: 'announcements.endBeforeStart', text: ANNOUNCEMENT_MESSAGES.endBeforeStart },
  { id: 'deletion.linkInvalid', text: DELETION_MESSAGES.linkInvalid },
  { id: 'deletion.reasonRequired', text: DELETION_MESSAGES.reasonRequired },
  { id: 'deletion.reasonTooLong', text: DELETION_MESSAGES.reasonTooLong },
  { id: 'deletion.reporterRequired', text: DELETION_MESSAGES.reporterRequired },
  { id: 'deletion.notReported', text: DELETION_MESSAGES.notReported },
  { id: 'staff.addressNotStaff', text: STAFF_MESSAGES.addressNotStaff },
  { id: 'staff.invitationInvalid', text: STAFF_MESSAGES.invitationInvalid },
  { id: 'platforms.clientIdInvalid', text: PLATFORM_MESSAGES.clientIdInvalid },
  { id: 'platforms.contactEmailInvalid', text: PLATFORM_MESSAGES.contactEmailInvalid },
  { id: 'platforms.contactRequired', text: PLATFORM_MESSAGES.contactRequired },
  { id: 'platforms.keysInvalid', text: PLATFORM_MESSAGES.keysInvalid },
  { id: 'platforms.keysOnlyForJwt', text: PLATFORM_MESSAGES.keysOnlyForJwt },
  { id: 'platforms.keysRequired', text: PLATFORM_MESSAGES.keysRequired },
  { id: 'platforms.nameRequired', text: PLATFORM_MESSAGES.nameRequired },
  { id: 'platforms.nameTooLong', text: PLATFORM_MESSAGES.nameTooLong },
  { id: 'platforms.offlineNeedsConfidential', text: PLATFORM_MESSAGES.offlineNeedsConfidential },
  { id: 'platforms.openidRequired', text: PLATFORM_MESSAGES.openidRequired },
  { id: 'platforms.overlapInvalid', text: PLATFORM_MESSAGES.overlapInvalid },
  { id: 'platforms.redirectRequired', text: PLATFORM_MESSAGES.redirectRequired },
  { id: 'platforms.tooManyUris', text: PLATFORM_MESSAGES.tooManyUris },
  { id: 'platforms.uriInvalid', text: PLATFORM_MESSAGES.uriInvalid },
  { id: 'platforms.httpsRequired', text: PLATFORM_MESSAGES.httpsRequired },
  { id: 'platforms.hostNotPublic', text: PLATFORM_MESSAGES.hostNotPublic },
  { id: 'platforms.wildcardNotAllowed', text: PLATFORM_MESSAGES.wildcardNotAllowed },
  { id: 'platforms.userInfoNotAllowed', text: PLATFORM_MESSAGES.userInfoNotAllowed },
  { id: 'platforms.backslashNotAllowed', text: PLATFORM_MESSAGES.backslashNotAllowed },
  { id: 'platforms.hostLookAlike', text: PLATFORM_MESSAGES.hostLookAlike },
  { id: 'platforms.authMethodFixed', text: PLATFORM_MESSAGES.authMethodFixed },
];

const schemaMessages = new Map(SCHEMA_MESSAGES.map((entry) => [entry.text, entry]));

/**
 * A message in the current language: English from the catalogue when the visitor chose English
 * (an API error by its id, a schema message by its text), otherwise, and for anything the
 * catalogue does not know, the message as it came.
 */
export function localiseMessage(i18n: I18n, shown: ShownMessage): string {
  const { message, id, attemptsLeft, retryAfter } =
    typeof shown === 'string' ? { message: shown } : shown;
  if (i18n.language !== 'en') return message;
  const schema = schemaMessages.get(message);
  // A request that fails one check answers that check's own (schema) message.
  if (schema && (!id || id === 'validation_failed')) {
    return i18n.t(schema.id, {
      ns: SERVER_NAMESPACE,
      defaultValue: message,
      ...(schema.count === undefined ? {} : { count: schema.count }),
    });
  }
  if (!id) return message;
  const count = attemptsLeft ?? retryAfter;
  return i18n.t(`errors.${id}`, {
    ns: SERVER_NAMESPACE,
    defaultValue: message,
    ...(count === null || count === undefined ? {} : { count }),
    ...(retryAfter === null || retryAfter === undefined
      ? {}
      : { wait: formatDuration(retryAfter, i18n.t) }),
  });
}

type Localise = {
  (message: ShownMessage): string;
  (message: ShownMessage | null | undefined): string | undefined;
};

/**
 * Returns `localise(message)` for rendering server and schema messages. Keep the message as it
 * came (Indonesian, with its id) in state and localise it here, at display: a language switch
 * re-renders it.
 */
export function useLocaliseMessage(): Localise {
  const { i18n } = useTranslation();
  return ((message: ShownMessage | null | undefined) =>
    message === null || message === undefined
      ? undefined
      : localiseMessage(i18n, message)) as Localise;
}

/** react-hook-form keeps a type and a message: the type carries an API error's id. */
export const toFormError = (shown: Exclude<ShownMessage, string>) => ({
  type: shown.id ?? 'server',
  message: shown.message,
});

/** The message of a react-hook-form error, with the API error's id it was set with. */
export function fromFormError(
  error: { type: string; message?: string } | undefined,
): ShownMessage | undefined {
  if (error?.message === undefined) return undefined;
  const id = ErrorIdSchema.safeParse(error.type);
  return { message: error.message, id: id.success ? id.data : null };
}
