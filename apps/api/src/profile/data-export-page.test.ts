import { describe, expect, it } from 'vitest';
import type { DataExport } from '@portal/contracts/profile';
import { dataExportPage } from './data-export-page';

const HASH = 'f3a9c2'.padEnd(64, '0');

const DATA: DataExport = {
  generated_at: '2026-11-27T17:30:00.000Z',
  person: { name: 'Dewi Lestari', birth_date: '1985-04-12', personal_email: null, phone: null },
  accounts: [
    {
      email: 'dewi.lestari@belajar.id',
      user_type: 'ptk',
      school_level: 'SD',
      status: 'active',
      created_at: '2026-01-05T02:00:00.000Z',
      password_changed_at: null,
    },
  ],
  schools: [{ npsn: '20212345', name: 'SD Negeri 1 Bogor', role: 'teacher', left_on: null }],
  office: null,
  security_history: [
    { at: '2026-11-27T03:05:00.000Z', action: 'second-factor-passkey', outcome: 'signed-in' },
    { at: '2026-11-26T03:05:00.000Z', action: 'change-email', outcome: HASH },
  ],
  email_changes: [
    {
      new_email: 'dewi.baru@example.net',
      requested_at: '2026-11-20T03:00:00.000Z',
      closed_at: null,
      outcome: null,
    },
  ],
  password_resets: [],
  office_requests: [],
  student_requests: [
    {
      requested_at: '2026-11-21T03:00:00.000Z',
      status: 'completed',
      npsn: '20212345',
      students: 3,
    },
  ],
  notices: [
    { at: '2026-11-20T03:00:00.000Z', channel: 'email', to: 'dewi@example.com', subject: 'Kode' },
  ],
  signed_in_sessions: [],
};

/** The page's text as a reader sees it: tags and the `datetime` attribute left out. */
const shown = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('the readable copy of a person’s data', () => {
  it('reads in Indonesian words, with WIB times and hashes masked', () => {
    const page = shown(dataExportPage(DATA, 'id'));
    // 17:30 UTC is half past midnight the next day in Jakarta.
    expect(page).toMatch(/28 Nov 2026.{1,3}00[.:]30 WIB/);
    expect(page).toMatch(/27 Nov 2026.{1,3}10[.:]05 WIB/);
    expect(page).toContain('12 April 1985');
    for (const label of [
      'Passkey saat masuk',
      'Berhasil',
      'Pendidik dan tenaga kependidikan',
      'Aktif',
      'Guru',
      'Selesai',
      'Masih terbuka',
      'disamarkan',
    ]) {
      expect(page).toContain(label);
    }
    for (const raw of [
      'second-factor-passkey',
      'signed-in',
      'change-email',
      ' ptk ',
      'teacher',
      'completed',
      HASH,
      'T03:05',
      '.000Z',
    ]) {
      expect(page).not.toContain(raw);
    }
  });

  it('reads in English for an English reader', () => {
    const page = shown(dataExportPage(DATA, 'en'));
    expect(page).toMatch(/28 Nov 2026.{1,3}00:30 WIB/);
    for (const label of ['Passkey at sign-in', 'Succeeded', 'Teacher', 'Completed', 'masked']) {
      expect(page).toContain(label);
    }
    expect(page).not.toContain('second-factor-passkey');
  });
});
