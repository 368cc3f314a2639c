import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '@portal/contracts/brand';
import type { MailLanguage } from './mail-language';
import { messageTemplates, type LanguageTemplates } from './message-templates';
import type { NewMessage } from './outbox-repository';

const templates = messageTemplates({ brand: DEFAULT_BRAND, publicUrl: 'https://portal.test' });
const at = new Date('2026-11-24T03:00:00Z');
const accounts = [{ email: 'dewi@belajar.id', schoolLevel: 'SD' }];

// Every template, with arguments that carry no words of either language of their own.
const CALLS: Record<keyof LanguageTemplates, (m: LanguageTemplates) => NewMessage> = {
  accountDetails: (m) => m.accountDetails('dewi@example.com', accounts),
  accountDetailsSms: (m) => m.accountDetailsSms('081234567890', accounts),
  accountCreated: (m) => m.accountCreated('dewi@example.com', accounts),
  studentAccountCreated: (m) =>
    m.studentAccountCreated('siti@example.com', 'siti@belajar.id', 'SD 1 Bandung'),
  deletionNotice: (m) =>
    m.deletionNotice('dewi@example.com', {
      accounts: ['dewi@belajar.id'],
      deletionOn: '2026-12-01',
      reportUntil: '2026-12-06',
      token: 'abc',
    }),
  deletionReportDecided: (m) =>
    m.deletionReportDecided('dewi@example.com', { upheld: false, removalOn: '2026-12-11' }),
  officeRequestReceived: (m) => m.officeRequestReceived('dewi@example.com', 'DNS-2026-000001', 14),
  officeAccountCreated: (m) =>
    m.officeAccountCreated('dewi@example.com', 'DNS-2026-000001', 'dewi@belajar.id'),
  officeRequestRejected: (m) => m.officeRequestRejected('dewi@example.com', 'DNS-2026-000001', '-'),
  emailChangeCode: (m) => m.emailChangeCode('dewi@example.com', '123456', 15),
  emailChangeApprovalCode: (m) =>
    m.emailChangeApprovalCode('dewi@example.com', '123456', 'd***@example.com', 15),
  emailChangeApprovalSms: (m) =>
    m.emailChangeApprovalSms('081234567890', '123456', 'd***@example.com', 15),
  emailChangedNotice: (m) => m.emailChangedNotice('dewi@example.com', 'd***@example.com', at),
  emailChangedNoticeSms: (m) => m.emailChangedNoticeSms('081234567890', 'd***@example.com', at),
  resetCodeEmail: (m) => m.resetCodeEmail('dewi@example.com', '123456', 'session', 15),
  resetCodeSms: (m) => m.resetCodeSms('081234567890', '123456', 15),
  passwordChangedNoticeSms: (m) =>
    m.passwordChangedNoticeSms('081234567890', 'dewi@belajar.id', at),
  passwordResetBySchoolNotice: (m) =>
    m.passwordResetBySchoolNotice('siti@example.com', 'siti@belajar.id', at),
  passwordChangedNotice: (m) => m.passwordChangedNotice('dewi@example.com', 'dewi@belajar.id', at),
  passwordChangedInProfileNotice: (m) =>
    m.passwordChangedInProfileNotice('dewi@example.com', 'dewi@belajar.id', at, true),
  secondFactorAddedNotice: (m) =>
    m.secondFactorAddedNotice('dewi@example.com', 'dewi@belajar.id', 'passkey', at),
  secondFactorAddedNoticeSms: (m) =>
    m.secondFactorAddedNoticeSms('081234567890', 'dewi@belajar.id', 'totp', at),
  staffInvitation: (m) => m.staffInvitation('rina@kemendikdasmen.go.id', 'abc', 72),
  staffRolesChanged: (m) => m.staffRolesChanged('rina@kemendikdasmen.go.id', ['reviewer']),
  staffDisabled: (m) => m.staffDisabled('rina@kemendikdasmen.go.id', at),
  staffEnabled: (m) => m.staffEnabled('rina@kemendikdasmen.go.id', at),
  staffSecondFactorReset: (m) => m.staffSecondFactorReset('rina@kemendikdasmen.go.id', at),
};

// Words only one of the two languages uses; links and brand names are taken out first.
const INDONESIAN = /\b(anda|akun|kata sandi|kode|halo|salam|berlaku|dengan|untuk|atau|jika)\b/i;
const ENGLISH = /\b(your|the|account|password|code|hello|regards|valid|with|for|if)\b/i;
const words = (message: NewMessage) =>
  `${message.subject ?? ''}\n${message.bodyText}`.replace(/\S*(https?:|@|#)\S*/g, ' ');

describe('every message template', () => {
  const names = Object.keys(CALLS) as (keyof LanguageTemplates)[];
  it('is called by this test, so a new template gets its two languages checked', () => {
    expect(names.sort()).toEqual(Object.keys(templates.in('id')).sort());
  });

  it.each(names)('%s: English for English, Indonesian for Indonesian', (name) => {
    const inLanguage = (language: MailLanguage) => CALLS[name](templates.in(language));
    const english = inLanguage('en');
    const indonesian = inLanguage('id');
    expect(english.language).toBe('en');
    expect(indonesian.language).toBe('id');
    expect(english.template).toBe(indonesian.template);
    expect(english.channel).toBe(indonesian.channel);
    for (const part of [english.subject, english.bodyText]) {
      if (part === null || part === undefined) continue;
      expect(part).toMatch(ENGLISH);
    }
    expect(words(english)).not.toMatch(INDONESIAN);
    expect(words(indonesian)).toMatch(INDONESIAN);
    expect(words(indonesian)).not.toMatch(ENGLISH);
    if (english.channel === 'email') {
      expect(english.subject).toMatch(ENGLISH);
      expect(indonesian.subject).toMatch(INDONESIAN);
    }
    // A code's message ends with its code in both languages.
    expect(Boolean(english.expiresAt)).toBe(Boolean(indonesian.expiresAt));
  });
});
