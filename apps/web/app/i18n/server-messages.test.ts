import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import { ERROR_IDS, ERROR_MESSAGES } from '@portal/contracts/api-error';
import { isCountedMessage } from '@portal/contracts/counted-message';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '~/i18n/i18n';
import english from '~/locales/en/server.json';
import { SERVER_NAMESPACE } from './namespaces';
import { SCHEMA_MESSAGES, fromFormError, localiseMessage, toFormError } from './server-messages';

// Every module of the contracts, so that a messages object added there is noticed here.
const contractModules = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/contracts/src/*.ts', '!../../../../packages/contracts/src/*.test.ts'],
  { eager: true },
);

// Their sources: a text written straight into a schema would escape SCHEMA_MESSAGES.
const contractSources = import.meta.glob<string>(
  ['../../../../packages/contracts/src/*.ts', '!../../../../packages/contracts/src/*.test.ts'],
  { eager: true, query: '?raw', import: 'default' },
);

// A string literal handed to zod as a message: `.min(1, '…')`, `z.email('…')`, `message: '…'`.
const LITERAL_MESSAGE =
  /(?:\.(?:min|max|length|regex|refine|startsWith|endsWith|includes)\((?:[^()'"`]|\([^()]*\))*,\s*|\.(?:email|date|datetime|url)\(\s*|\b(?:message|error):\s*)['"`]/g;

// A messages constant handed to zod, or kept for it: `.min(1, X_MESSAGES.y)`, `= X_MESSAGES.y`.
const SCHEMA_REFERENCE = /(?:[(,=]|\b(?:message|error):)\s*([A-Z_]+)_MESSAGES\.(\w+)/g;

// brand.ts validates the build's VITE_ variables: its message is for developers, in English.
const NOT_USER_FACING = /[\\/]brand\.ts$/;

// The first part of a schema message's id names its messages object.
const OBJECT_OF_GROUP: Record<string, string> = {
  error: 'ERROR',
  typedText: 'TYPED_TEXT',
  operationalDate: 'OPERATIONAL_DATE',
  lookup: 'LOOKUP',
  reset: 'RESET',
  userType: 'USER_TYPE',
  signIn: 'SIGN_IN',
  passkeys: 'PASSKEY',
  schoolAdmin: 'SCHOOL_ADMIN',
  officeRequest: 'OFFICE_REQUEST',
  console: 'CONSOLE',
  statistics: 'STATISTICS',
  announcements: 'ANNOUNCEMENT',
  deletion: 'DELETION',
  staff: 'STAFF',
  platforms: 'PLATFORM',
  badgeSignIn: 'BADGE_SIGN_IN',
  badges: 'BADGE',
};

const MISSING = '\u0000missing';
const englishOf = (id: string, options: Record<string, unknown> = {}) =>
  i18n.t(id, { ns: SERVER_NAMESPACE, lng: 'en', defaultValue: MISSING, ...options });

function catalogueIds(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.slice(0, -1)];
  return Object.entries(value).flatMap(([key, item]) => catalogueIds(item, `${prefix}${key}.`));
}

const inEnglish = (shown: Parameters<typeof localiseMessage>[1]) => localiseMessage(i18n, shown);

describe('server and schema messages in English', () => {
  beforeAll(() => changeLanguage('en'));
  afterAll(() => changeLanguage('id'));

  it('finds no message written straight into a contract schema', () => {
    const literals = Object.entries(contractSources)
      .filter(([file]) => !NOT_USER_FACING.test(file))
      .flatMap(([file, source]) =>
        [...source.matchAll(LITERAL_MESSAGE)].map(
          (match) => `${file}: ${source.slice(match.index, match.index + 60)}`,
        ),
      );
    expect(Object.keys(contractSources).length).toBeGreaterThan(0);
    expect(literals, 'put the text in a *_MESSAGES object and reference it').toEqual([]);
  });

  it('lists every message a contract schema gives', () => {
    const listed = new Set(
      SCHEMA_MESSAGES.map(({ id }) => {
        const [group = '', key] = id.split('.');
        return `${OBJECT_OF_GROUP[group]}.${key}`;
      }),
    );
    const referenced = Object.values(contractSources).flatMap((source) =>
      [...source.matchAll(SCHEMA_REFERENCE)].map((match) => `${match[1]}.${match[2]}`),
    );
    expect(referenced.length).toBeGreaterThan(0);
    const unlisted = [...new Set(referenced)].filter((name) => !listed.has(name));
    expect(unlisted, 'add these to SCHEMA_MESSAGES in server-messages.ts').toEqual([]);
  });

  it('holds only texts and counted messages in the contract objects', () => {
    const objects = Object.values(contractModules).flatMap((module) =>
      Object.entries(module).filter(([name]) => name.endsWith('_MESSAGES')),
    );
    expect(objects.length).toBeGreaterThan(0);
    for (const [name, messages] of objects) {
      for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
        const ok = (typeof value === 'string' && value.trim() !== '') || isCountedMessage(value);
        expect(ok, `${name}.${key}: use a string or countedMessage()`).toBe(true);
      }
    }
  });

  it('has English for every error id, with its numbers', () => {
    const missing: string[] = [];
    for (const id of Object.keys(ERROR_IDS)) {
      const counted = `${id}_other` in english.errors;
      for (const count of [1, 7]) {
        const translated = englishOf(`errors.${id}`, { count, wait: 'a while' });
        const bad =
          translated === MISSING ||
          translated.includes('{{') ||
          (counted && !translated.includes(String(count)));
        if (bad) missing.push(id);
      }
    }
    expect([...new Set(missing)], 'add these to locales/en/server.json').toEqual([]);
  });

  it('has English for every schema message, which is not the Indonesian', () => {
    for (const { id, text, count } of SCHEMA_MESSAGES) {
      const translated = englishOf(id, count === undefined ? {} : { count });
      expect(translated, id).not.toBe(MISSING);
      expect(translated, id).not.toBe(text);
      expect(translated, id).not.toContain('{{');
      if (count !== undefined) expect(translated, id).toContain(String(count));
    }
  });

  it('keeps no English for an id or a schema message that is gone', () => {
    const known = new Set([
      ...Object.keys(ERROR_IDS).map((id) => `errors.${id}`),
      ...SCHEMA_MESSAGES.map(({ id }) => id),
    ]);
    const stale = catalogueIds(english)
      .map((id) => id.replace(/_(zero|one|two|few|many|other)$/, ''))
      .filter((id) => !known.has(id));
    expect(stale).toEqual([]);
  });

  it('says an API error by its id, with its numbers, whatever its Indonesian words', () => {
    expect(
      inEnglish({
        message: 'Kode OTP salah. Sisa percobaan: 3.',
        id: 'reset_code_invalid',
        attemptsLeft: 3,
      }),
    ).toBe('That OTP is not right. You have 3 tries left.');
    expect(
      inEnglish({ message: 'Teks yang diubah', id: 'reset_code_invalid', attemptsLeft: 1 }),
    ).toBe('That OTP is not right. You have 1 try left.');
    expect(
      inEnglish({ message: RESET_MESSAGES.cooldown(42), id: 'code_send_cooldown', retryAfter: 42 }),
    ).toBe('Please wait 42 seconds before asking for a new code.');
    expect(
      inEnglish({
        message: RESET_MESSAGES.lockedHours(2),
        id: 'code_sends_locked',
        retryAfter: 7200,
      }),
    ).toBe('A code has been requested too often. Try again in 2 hours.');
    expect(inEnglish({ message: LOOKUP_MESSAGES.notFound, id: 'lookup_not_found' })).toBe(
      'Account not found',
    );
  });

  it('says a schema message by its text, also as the single check a request failed', () => {
    expect(inEnglish(ERROR_MESSAGES.required)).toBe('Required');
    expect(inEnglish({ message: ERROR_MESSAGES.invalidDate, id: 'validation_failed' })).toBe(
      'Invalid date',
    );
    expect(inEnglish({ message: ERROR_MESSAGES.dataInvalid, id: 'validation_failed' })).toBe(
      'Some of the details you entered are not right. Please check them again.',
    );
  });

  it('leaves what it does not know as it came, and Indonesian visitors the message', async () => {
    // An API error without an id is never matched by its words.
    expect(inEnglish(LOOKUP_MESSAGES.notFound)).toBe(LOOKUP_MESSAGES.notFound);
    expect(inEnglish({ message: 'Pesan baru.', id: null })).toBe('Pesan baru.');
    expect(inEnglish('Sudah dalam bahasa pengunjung.')).toBe('Sudah dalam bahasa pengunjung.');
    await changeLanguage('id');
    const message = RESET_MESSAGES.codeInvalid(3);
    expect(localiseMessage(i18n, { message, id: 'reset_code_invalid', attemptsLeft: 3 })).toBe(
      message,
    );
    await changeLanguage('en');
  });

  it('keeps an API error id through a form library error', () => {
    const shown = { message: RESET_MESSAGES.commonPassword, id: 'reset_password_common' as const };
    expect(fromFormError(toFormError(shown))).toEqual(shown);
    expect(fromFormError({ type: 'validate', message: 'Wajib Diisi' })).toEqual({
      message: 'Wajib Diisi',
      id: null,
    });
    expect(fromFormError(undefined)).toBeUndefined();
  });
});
