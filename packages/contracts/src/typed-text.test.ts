import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PersonNameSchema } from './account-lookup';
import { AnnouncementInputSchema } from './announcements';
import { RejectBodySchema } from './console';
import { isTypedText, TYPED_TEXT_MESSAGES, typedText } from './typed-text';

// NUL, BEL, ESC, DEL and NEL (a C1 control): one of each kind the rule names.
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];
const ORDINARY = [
  'Siti Nurhaliza',
  'Dr. I Wayan Sudarsana, S.Pd., M.Pd.',
  'Nur’aini Ṣāliḥ',
  'José Ñúñez Ação',
  'Ibu Guru 👩🏽‍🏫 dan murid-murid 🎉',
  'ꦲꦏ꧀ꦱꦫ ꦗꦮ',
  'Kepala Seksi Kurikulum & Penilaian (SMP) — 2026',
];

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('typed text: one line', () => {
  const schema = typedText().trim();

  it('refuses every control character, with the Indonesian message', () => {
    for (const control of CONTROLS) {
      expect(messagesOf(schema, `Siti${control}Nurhaliza`), JSON.stringify(control)).toEqual([
        TYPED_TEXT_MESSAGES.controlCharacters,
      ]);
      expect(messagesOf(schema, `Siti Nurhaliza${control}`), JSON.stringify(control)).toEqual([
        TYPED_TEXT_MESSAGES.controlCharacters,
      ]);
    }
  });

  it('refuses a line break or a tab inside the line, and half a surrogate pair', () => {
    for (const text of ['Siti\nNurhaliza', 'Siti\r\nNurhaliza', 'Siti\tNurhaliza', 'a\ud800b']) {
      expect(isTypedText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('takes any language, accents and emoji, and the whitespace a paste leaves around a line', () => {
    for (const text of ORDINARY) expect(schema.parse(text)).toBe(text);
    expect(schema.parse('  Siti Nurhaliza\r\n')).toBe('Siti Nurhaliza');
    expect(schema.parse('\tAminah ')).toBe('Aminah');
  });

  it('is the rule of the fields people type, such as a name', () => {
    expect(messagesOf(PersonNameSchema, 'Siti\u0000')).toContain(
      TYPED_TEXT_MESSAGES.controlCharacters,
    );
    expect(PersonNameSchema.parse('Nur’aini Ṣāliḥ')).toBe('Nur’aini Ṣāliḥ');
  });
});

describe('typed text: several lines', () => {
  const schema = typedText({ lines: 'multi' });

  it('keeps line breaks and tabs', () => {
    const text = 'Baris pertama\nBaris kedua\r\nBaris ketiga\r\n\n\t- butir *Markdown* 😊';
    expect(schema.parse(text)).toBe(text);
    for (const ordinary of ORDINARY) expect(schema.parse(ordinary)).toBe(ordinary);
  });

  it('refuses the other control characters, the vertical tab and form feed among them', () => {
    for (const control of [...CONTROLS, '\u000b', '\u000c']) {
      expect(messagesOf(schema, `Alasan${control}penolakan`), JSON.stringify(control)).toEqual([
        TYPED_TEXT_MESSAGES.controlCharacters,
      ]);
    }
  });

  it('is the rule of a rejection reason and an announcement', () => {
    expect(
      RejectBodySchema.parse({ reason: 'Surat tidak terbaca.\r\nMohon unggah ulang.' }),
    ).toEqual({ reason: 'Surat tidak terbaca.\r\nMohon unggah ulang.' });
    expect(messagesOf(RejectBodySchema, { reason: 'x\u0000y' })).toEqual([
      TYPED_TEXT_MESSAGES.controlCharacters,
    ]);
    expect(AnnouncementInputSchema.parse({ description: '# Libur\n\nKantor tutup.' })).toEqual({
      description: '# Libur\n\nKantor tutup.',
      startsAt: null,
      endsAt: null,
    });
    expect(messagesOf(AnnouncementInputSchema, { description: 'Libur\u001b[31m' })).toEqual([
      TYPED_TEXT_MESSAGES.controlCharacters,
    ]);
  });
});
