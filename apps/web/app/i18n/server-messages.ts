import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { isCountedMessage } from '@portal/contracts/counted-message';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { SIGN_IN_MESSAGES } from '@portal/contracts/sign-in';
import { USER_TYPE_MESSAGES } from '@portal/contracts/user-types';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';

// Imported only by journeys (lazy routes and dialogs): it pulls in every contract's messages,
// which the home page never shows. The English texts come with the English catalogue.

export const SERVER_NAMESPACE = 'server';

/**
 * Every messages object of the contracts, by the first part of its ids in the `server`
 * namespace: `RESET_MESSAGES.codeEnded` is `reset.codeEnded` in `locales/en/server.json`.
 */
export const CONTRACT_MESSAGES = {
  error: ERROR_MESSAGES,
  lookup: LOOKUP_MESSAGES,
  reset: RESET_MESSAGES,
  signIn: SIGN_IN_MESSAGES,
  userType: USER_TYPE_MESSAGES,
} as const;

/** A message of the contracts: its id, and the number it carries if it is a counted message. */
export type KnownMessage = { id: string; count?: number };

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COUNT_SLOT = escapeForRegExp('{{count}}');

const exactIds = new Map<string, string>();
const countedIds: { id: string; pattern: RegExp }[] = [];
for (const [group, messages] of Object.entries(CONTRACT_MESSAGES)) {
  for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
    const id = `${group}.${key}`;
    if (typeof value === 'string') {
      // A text shared by two objects (`lookup.notFound` is `error.accountNotFound`) keeps the
      // first id; the catalogue test makes sure both ids say the same in English.
      if (!exactIds.has(value)) exactIds.set(value, id);
    } else if (isCountedMessage(value)) {
      const pattern = escapeForRegExp(value.template).replaceAll(COUNT_SLOT, '(\\d+)');
      countedIds.push({ id, pattern: new RegExp(`^${pattern}$`) });
    }
  }
}

/** Recognises a message of the contracts as the API or a schema wrote it; null when unknown. */
export function identifyMessage(message: string): KnownMessage | null {
  const id = exactIds.get(message);
  if (id) return { id };
  for (const counted of countedIds) {
    const match = counted.pattern.exec(message);
    if (match) return { id: counted.id, count: Number(match[1]) };
  }
  return null;
}

/**
 * A server or schema message in the current language: English from the catalogue when the
 * visitor chose English, otherwise (and for any message the contracts do not know) unchanged.
 */
export function localiseMessage(i18n: I18n, message: string): string {
  if (i18n.language !== 'en') return message;
  const known = identifyMessage(message);
  if (!known) return message;
  return i18n.t(known.id, {
    ns: SERVER_NAMESPACE,
    defaultValue: message,
    ...(known.count === undefined ? {} : { count: known.count }),
  });
}

type Localise = {
  (message: string): string;
  (message: string | null | undefined): string | undefined;
};

/**
 * Returns `localise(message)` for rendering server and schema messages. Keep the message as it
 * came (Indonesian) in state and localise it here, at display: comparisons with the contract's
 * constants keep working, and a language switch re-renders it.
 */
export function useLocaliseMessage(): Localise {
  const { i18n } = useTranslation();
  return ((message: string | null | undefined) =>
    message === null || message === undefined
      ? undefined
      : localiseMessage(i18n, message)) as Localise;
}
