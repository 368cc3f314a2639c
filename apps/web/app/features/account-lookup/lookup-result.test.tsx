import type { LookupResult as Result } from '@portal/contracts/account-lookup';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '~/components/dialog-store';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/account-lookup.json';
import id from '~/locales/id/account-lookup.json';
import { LookupResult } from './lookup-result';
import { renderWithProviders } from '~/test-support/render-with-providers';

registerNamespace('account-lookup', { id, en });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: Result = {
  token: 'token',
  token_expires_in: 900,
  accounts: [{ email: 'siti.aminah@belajar.id', kind: 'ptk', school_level: 'SD' }],
  email: 's*****@example.org',
  email_eligible: true,
  phone: '*********123',
  phone_eligible: true,
  can_request_account: false,
};

function OpenDialogs() {
  const { stack } = useDialogs();
  return <output data-testid="dialogs">{stack.map((item) => item.kind).join(',')}</output>;
}

function renderResult(result: Result, onSessionEnded = () => undefined) {
  renderWithProviders(
    <>
      <LookupResult
        userType="ptk"
        result={result}
        onSearchAgain={() => undefined}
        onSessionEnded={onSessionEnded}
      />
      <OpenDialogs />
    </>,
    { path: '/', dialogs: true, query: true },
  );
}

describe('LookupResult', () => {
  it('lists each account with its level and the masked contacts', () => {
    renderResult(base);
    expect(screen.getByText('siti.aminah@belajar.id')).toBeTruthy();
    expect(screen.getByText('Jenjang: SD')).toBeTruthy();
    expect(screen.getAllByText('s*****@example.org').length).toBeGreaterThan(0);
    expect(screen.getByText('*********123')).toBeTruthy();
  });

  it('says "Jenjang" only for a school level; an office or a student account shows its type', () => {
    renderResult({
      ...base,
      accounts: [
        { email: 'dinas.pendidikan@belajar.id', kind: 'dinas', school_level: null },
        { email: 'budi.santoso@belajar.id', kind: 'pd', school_level: null },
      ],
    });
    expect(screen.getByText('Jenis akun: Dinas')).toBeTruthy();
    expect(screen.getByText('Jenis akun: Peserta Didik')).toBeTruthy();
    expect(screen.queryByText(/Jenjang/)).toBeNull();
  });

  it('disables sending and the e-mail field when the e-mail is not eligible, and offers help', () => {
    renderResult({ ...base, email: null, email_eligible: false });
    const send = screen.getByRole('button', { name: 'Kirim detail akun ke email' });
    expect(send).toHaveProperty('disabled', true);
    const field = screen.getByLabelText('Email pribadi', { selector: 'input' });
    expect(field).toHaveProperty('readOnly', true);
    expect(field).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Tidak ada akses ke data ini?' }));
    expect(screen.getByTestId('dialogs').textContent).toBe('help');
  });

  it('says how accounts come when the person has none and cannot request one', () => {
    renderResult({ ...base, accounts: [] });
    expect(
      screen.getByRole('heading', { name: 'Anda belum memiliki Akun belajar.id' }),
    ).toBeTruthy();
    expect(screen.getByText(/Akun PTK dibuat ketika Anda terdaftar di Dapodik/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kirim detail akun ke email' })).toBeNull();
  });

  it('ends the session when a follow-up answers 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            message: 'Sesi habis',
            error: { code: 'UNAUTHORIZED', message: 'Sesi habis' },
            errors: [],
          },
          { status: 401 },
        ),
      ),
    );
    const onSessionEnded = vi.fn();
    renderResult(base, onSessionEnded);
    fireEvent.click(screen.getByRole('button', { name: 'Kirim detail akun ke email' }));
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalled());
  });
});
