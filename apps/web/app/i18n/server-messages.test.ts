import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { isCountedMessage } from '@portal/contracts/counted-message';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '~/i18n/i18n';
import english from '~/locales/en/server.json';
import {
  CONTRACT_MESSAGES,
  SERVER_NAMESPACE,
  identifyMessage,
  localiseMessage,
} from './server-messages';

// Every module of the contracts, so that a messages object added there is noticed here.
const contractModules = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/contracts/src/*.ts', '!../../../../packages/contracts/src/*.test.ts'],
  { eager: true },
);

// Their sources: a text written straight into a schema would escape CONTRACT_MESSAGES.
const contractSources = import.meta.glob<string>(
  ['../../../../packages/contracts/src/*.ts', '!../../../../packages/contracts/src/*.test.ts'],
  { eager: true, query: '?raw', import: 'default' },
);

// A string literal handed to zod as a message: `.min(1, '…')`, `z.email('…')`, `message: '…'`.
const LITERAL_MESSAGE =
  /(?:\.(?:min|max|length|regex|refine|startsWith|endsWith|includes)\((?:[^()'"`]|\([^()]*\))*,\s*|\.(?:email|date|datetime|url)\(\s*|\b(?:message|error):\s*)['"`]/g;

// brand.ts validates the build's VITE_ variables: its message is for developers, in English.
const NOT_USER_FACING = /[\\/]brand\.ts$/;

const entries = Object.entries(CONTRACT_MESSAGES).flatMap(([group, messages]) =>
  Object.entries(messages as Record<string, unknown>).map(([key, value]) => ({
    id: `${group}.${key}`,
    value,
  })),
);

/** The Indonesian texts of one entry: a counted message filled with a one and a many. */
const samples = (value: unknown): { text: string; count?: number }[] =>
  isCountedMessage(value)
    ? [1, 7].map((count) => ({ text: value(count), count }))
    : [{ text: String(value) }];

const MISSING = '\u0000missing';
const englishOf = (id: string, count?: number) =>
  i18n.t(id, {
    ns: SERVER_NAMESPACE,
    lng: 'en',
    defaultValue: MISSING,
    ...(count === undefined ? {} : { count }),
  });

function catalogueIds(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.slice(0, -1)];
  return Object.entries(value).flatMap(([key, item]) => catalogueIds(item, `${prefix}${key}.`));
}

describe('server and schema messages in English', () => {
  beforeAll(() => changeLanguage('en'));
  afterAll(() => changeLanguage('id'));

  it('knows every messages object the contracts export', () => {
    const exported = Object.entries(contractModules).flatMap(([file, module]) =>
      Object.entries(module)
        .filter(([name]) => name.endsWith('_MESSAGES'))
        .map(([name, value]) => ({ name: `${file}: ${name}`, value })),
    );
    expect(exported.length).toBeGreaterThan(0);
    const known: unknown[] = Object.values(CONTRACT_MESSAGES);
    const unknown = exported.filter((item) => !known.includes(item.value)).map((item) => item.name);
    expect(unknown, 'add these to CONTRACT_MESSAGES in server-messages.ts').toEqual([]);
  });

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

  it('holds only texts and counted messages in the contract objects', () => {
    for (const { id, value } of entries) {
      const ok = (typeof value === 'string' && value.trim() !== '') || isCountedMessage(value);
      expect(ok, `${id}: use a string or countedMessage()`).toBe(true);
    }
  });

  it('has English for every value of every contract messages object', () => {
    const missing: string[] = [];
    for (const { id, value } of entries) {
      for (const { text, count } of samples(value)) {
        const translated = englishOf(id, count);
        const bad =
          translated === MISSING ||
          translated === text ||
          translated.includes('{{') ||
          (count !== undefined && !translated.includes(String(count)));
        if (bad) missing.push(`${id} (${text})`);
      }
    }
    expect(missing, 'add these to locales/en/server.json').toEqual([]);
  });

  it('keeps no English for a message the contracts no longer have', () => {
    const ids = new Set(entries.map((entry) => entry.id));
    const stale = catalogueIds(english)
      .map((id) => id.replace(/_(zero|one|two|few|many|other)$/, ''))
      .filter((id) => !ids.has(id));
    expect(stale).toEqual([]);
  });

  it('says one Indonesian text the same way in English, whichever object it comes from', () => {
    const byText = new Map<string, string>();
    for (const { id, value } of entries) {
      if (typeof value !== 'string') continue;
      const first = byText.get(value);
      if (first) expect(englishOf(id), `${id} and ${first}`).toBe(englishOf(first));
      else byText.set(value, id);
    }
  });

  it('recognises each message as the API writes it, a counted one with its number', () => {
    expect(identifyMessage(ERROR_MESSAGES.required)).toEqual({ id: 'error.required' });
    expect(identifyMessage(RESET_MESSAGES.cooldown(42))).toEqual({
      id: 'reset.cooldown',
      count: 42,
    });
    expect(identifyMessage('Kode OTP salah. Sisa percobaan: 4. Lagi')).toBeNull();
    for (const { id, value } of entries) {
      for (const { text, count } of samples(value)) {
        const known = identifyMessage(text);
        // A shared text answers with its first id, which says the same (test above).
        expect(known?.count).toBe(count);
        expect(known && englishOf(known.id, count)).toBe(englishOf(id, count));
      }
    }
  });

  it('localises for English visitors only, and leaves unknown messages as they came', async () => {
    expect(localiseMessage(i18n, RESET_MESSAGES.cooldown(1))).toBe(
      'Please wait 1 second before asking for a new code.',
    );
    expect(localiseMessage(i18n, 'Pesan yang tidak dikenal.')).toBe('Pesan yang tidak dikenal.');
    await changeLanguage('id');
    expect(localiseMessage(i18n, RESET_MESSAGES.cooldown(1))).toBe(RESET_MESSAGES.cooldown(1));
    await changeLanguage('en');
  });
});
