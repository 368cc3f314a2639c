import type { ApiErrorBody, ErrorId } from '@portal/contracts/api-error';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMS_NAMESPACE } from '~/i18n/forms-namespace';
import { changeLanguage, i18n } from '~/i18n/i18n';
import { NewPasswordPage } from './new-password-page';
import { RESET_NS } from './password-reset-texts';
import { ResetModal } from './reset-modal';
import { ResetCodePage } from './reset-code-page';
import {
  type ResetAccount,
  RESET_FLOW_STORAGE_KEY,
  readResetFlow,
  saveResetAccount,
  saveResetSession,
} from './reset-flow-storage';
import { renderWithProviders } from '~/test-support/render-with-providers';

// The real bot check solves a proof of work in a Web Worker; here it is solved at once.
vi.mock('~/bot-check/bot-check', () => import('~/test-support/solved-bot-check'));

// The forms are parts the pages load after their first script: here they are loaded first.
beforeAll(async () => {
  await Promise.all([import('./reset-code-form'), import('./new-password-form')]);
});

const SESSION_ID = 'sesiLama_0123456789abcdef';
const NEW_SESSION_ID = 'sesiBaru_0123456789abcdef';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
let replies: Reply[] = [];
let requests: { url: string; body: unknown }[] = [];

beforeEach(() => {
  replies = [];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json', ...reply.headers },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** An error answer as the API writes it: the text, and beside it the id and its numbers. */
const errorBody = (
  field: string,
  message: string,
  facts: { id: ErrorId; attempts_left?: number; retry_after?: number },
): ApiErrorBody => ({
  message,
  error: {
    code: facts.retry_after === undefined ? 'VALIDATION_FAILED' : 'RATE_LIMITED',
    message,
    ...facts,
  },
  errors: [{ field, message }],
});

/** Renders a page at its path; the other reset paths show a marker, to see navigation. */
function renderAt(path: string, element: ReactNode) {
  const markers: Record<string, string> = {
    '/reset-password/otp': 'halaman kode',
    '/reset-password/new-password': 'halaman kata sandi baru',
  };
  return renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
      {Object.entries(markers)
        .filter(([markerPath]) => markerPath !== path)
        .map(([markerPath, text]) => (
          <Route key={markerPath} path={markerPath} element={<p>{text}</p>} />
        ))}
    </Routes>,
    { path, toasts: true, dialogs: true },
  );
}

const storedSession = (change: Partial<Parameters<typeof saveResetSession>[0]> = {}) =>
  saveResetSession({
    sessionId: SESSION_ID,
    method: 'email',
    sentTo: 'r*****@gmail.com',
    codeExpiresAt: Date.now() + 30 * 60_000,
    resendAvailableAt: null,
    attemptsLeft: 5,
    verifiedUntil: null,
    ...change,
  });

const account: ResetAccount = {
  token: 'token-dari-verifikasi-0123456789',
  email: 'r*****@gmail.com',
  emailEligible: true,
  phone: null,
  phoneEligible: false,
};

describe('the OTP page', () => {
  it('takes the code from the e-mail link, removes it from the address bar and verifies', async () => {
    window.history.replaceState(null, '', `/reset-password/otp#sesi=${SESSION_ID}&kode=123456`);
    renderAt('/reset-password/otp', <ResetCodePage />);
    const field = await screen.findByLabelText('Kode OTP');
    expect((field as HTMLInputElement).value).toBe('123456');
    expect(window.location.hash).toBe('');
    expect(readResetFlow().session?.sessionId).toBe(SESSION_ID);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    // Opened from the mail there is no token in this tab: a new code means starting again.
    screen.getByText(/Butuh kode baru\?/);

    replies.push({
      status: 400,
      body: errorBody('otp', RESET_MESSAGES.codeInvalid(4), {
        id: 'reset_code_invalid',
        attempts_left: 4,
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    await screen.findByText('Kode OTP salah. Sisa percobaan: 4.');
    // One counter after a wrong code: the message says it.
    expect(screen.queryByText('Anda masih bisa mencoba 4 kali lagi.')).toBeNull();
    expect(requests[0]?.body).toEqual({ session_id: SESSION_ID, otp: '123456' });
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(field, { target: { value: '654 321' } });
    expect((field as HTMLInputElement).value).toBe('654321');
    replies.push({ status: 200, body: { data: { verified: true, expires_in: 900 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    await screen.findByText('halaman kata sandi baru');
    expect(readResetFlow().session?.verifiedUntil).toBeGreaterThan(Date.now());
  });

  it('ends the attempt after the fifth wrong code and offers to start again', async () => {
    saveResetAccount(account);
    storedSession({ attemptsLeft: 1 });
    renderAt('/reset-password/otp', <ResetCodePage />);
    fireEvent.input(await screen.findByLabelText('Kode OTP'), { target: { value: '000000' } });
    // The end is read from the answer's numbers, whatever its words.
    const reworded = 'Kode OTP sudah salah terlalu sering.';
    replies.push({
      status: 400,
      body: errorBody('otp', reworded, { id: 'reset_attempts_used_up', attempts_left: 0 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    await screen.findByText(reworded);
    screen.getByRole('button', { name: 'Mulai lagi dari awal' });
    expect(screen.queryByRole('button', { name: 'Verifikasi' })).toBeNull();
    expect(window.sessionStorage.getItem(RESET_FLOW_STORAGE_KEY)).toBeNull();
  });

  it('counts down to the resend, then sends a new code and keeps the new session', async () => {
    saveResetAccount(account);
    storedSession({ resendAvailableAt: Date.now() + 1500 });
    renderAt('/reset-password/otp', <ResetCodePage />);
    const waiting = await screen.findByRole('button', { name: /Kirim ulang kode dalam \d detik/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    await screen.findByText('Anda sudah dapat meminta kode baru.', undefined, { timeout: 3000 });

    replies.push({
      status: 200,
      body: {
        data: {
          session_id: NEW_SESSION_ID,
          metode: 'email',
          sent_to: 'r*****@gmail.com',
          expires_in: 1800,
          resend_in: 60,
          attempts_left: 5,
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim ulang kode' }));
    await screen.findByText('Kode baru sudah dikirim. Kode sebelumnya tidak berlaku lagi.');
    expect(requests[0]?.body).toEqual({ token: account.token, metode: 'email' });
    expect(readResetFlow().session?.sessionId).toBe(NEW_SESSION_ID);
    screen.getByRole('button', { name: /Kirim ulang kode dalam (60|59) detik/ });
  });

  it('says so when there is no reset in this tab', async () => {
    renderAt('/reset-password/otp', <ResetCodePage />);
    await screen.findByText(/Sesi reset kata sandi tidak ditemukan/);
  });
});

describe('the new password page', () => {
  it('hints the length, checks the repeat, shows the server reason on its field, then confirms', async () => {
    saveResetAccount(account);
    storedSession({ verifiedUntil: Date.now() + 15 * 60_000 });
    renderAt('/reset-password/new-password', <NewPasswordPage />);
    const password = await screen.findByLabelText('Kata sandi baru');
    const repeat = screen.getByLabelText('Ulangi kata sandi baru');
    screen.getByText(/Minimal 8 karakter/);

    fireEvent.input(password, { target: { value: 'pendek' } });
    await screen.findByText('6 karakter, kurang 2 lagi.');
    const toggle = screen.getByRole('button', { name: 'Tampilkan kata sandi' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password.getAttribute('type')).toBe('text');
    expect(repeat.getAttribute('type')).toBe('text');

    fireEvent.input(password, { target: { value: 'password123' } });
    fireEvent.input(repeat, { target: { value: 'password12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Kata Sandi' }));
    await screen.findByText('Konfirmasi kata sandi tidak sama.');
    expect(requests).toHaveLength(0);

    fireEvent.input(repeat, { target: { value: 'password123' } });
    replies.push({
      status: 400,
      body: errorBody('password', RESET_MESSAGES.commonPassword, { id: 'reset_password_common' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Kata Sandi' }));
    await screen.findByText(RESET_MESSAGES.commonPassword);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(requests[0]?.body).toEqual({
      session_id: SESSION_ID,
      password: 'password123',
      password_confirmation: 'password123',
    });

    fireEvent.input(password, { target: { value: 'Kebun Raya Bogor 1817' } });
    fireEvent.input(repeat, { target: { value: 'Kebun Raya Bogor 1817' } });
    replies.push({ status: 200, body: { data: { done: true } } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Kata Sandi' }));
    await screen.findByRole('heading', { name: 'Kata sandi berhasil diubah' });
    expect(window.sessionStorage.getItem(RESET_FLOW_STORAGE_KEY)).toBeNull();
  });

  it('asks for the code first when nothing was verified', async () => {
    storedSession();
    renderAt('/reset-password/new-password', <NewPasswordPage />);
    await screen.findByText(/Verifikasi kode OTP terlebih dahulu/);
    expect(screen.queryByLabelText('Kata sandi baru')).toBeNull();
  });
});

/**
 * Opens the reset dialog and passes its lookup with the given answer; resolves to the dialog,
 * now at the method step in the lookup's place.
 */
async function passLookup(found: ResetAccount, onOpenChange = vi.fn()) {
  renderAt('/', <ResetModal open onOpenChange={onOpenChange} onOpenHelp={() => undefined} />);
  const t = i18n.getFixedT(null, RESET_NS);
  const tc = i18n.getFixedT(null, FORMS_NAMESPACE);
  fireEvent.input(await screen.findByLabelText(t('lookup.emailLabel')), {
    target: { value: 'budi@belajar.id' },
  });
  fireEvent.change(screen.getByLabelText(tc('birthDate.day')), { target: { value: '9' } });
  fireEvent.change(screen.getByLabelText(tc('birthDate.month')), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText(tc('birthDate.year')), { target: { value: '1990' } });
  replies.push({
    status: 200,
    body: {
      data: {
        token: found.token,
        email: found.email,
        email_eligible: found.emailEligible,
        phone: found.phone,
        phone_eligible: found.phoneEligible,
      },
    },
  });
  fireEvent.click(screen.getByRole('button', { name: t('lookup.submit') }));
  const dialog = await screen.findByRole('dialog', { name: t('method.title') });
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  return dialog;
}

describe('the reset dialog', () => {
  it('puts the method choice in place of the lookup: one dialog, one help link, focus on its title', async () => {
    const dialog = await passLookup(account);
    expect(dialog.style.maxWidth).toBe('360px');
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getAllByRole('button', { name: /Tidak ada akses/ })).toHaveLength(1);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Pilih Metode Pengiriman Kode' }),
    );
    expect(requests[0]?.body).toMatchObject({ dob: '1990-03-09' });
  });

  it('sends only to an eligible contact, then shows the toast and goes to the OTP page', async () => {
    await passLookup(account);
    screen.getByDisplayValue('r*****@gmail.com');
    expect(
      (screen.getByRole('button', { name: 'Kirim kode lewat SMS' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    screen.getByText('Nomor telepon belum terdaftar di Dapodik.');

    replies.push({
      status: 200,
      body: {
        data: {
          session_id: NEW_SESSION_ID,
          metode: 'email',
          sent_to: 'r*****@gmail.com',
          expires_in: 1800,
          resend_in: 60,
          attempts_left: 5,
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim kode ke email' }));
    await screen.findByText('Kode OTP berhasil dikirim');
    await screen.findByText('halaman kode');
    expect(readResetFlow().session?.sessionId).toBe(NEW_SESSION_ID);
    expect(readResetFlow().account?.token).toBe(account.token);
  });

  it('words the answer for no account, a typo and no contacts so it is true for all three', async () => {
    await passLookup({
      ...account,
      email: null,
      emailEligible: false,
      phone: null,
      phoneEligible: false,
    });
    screen.getByText(/^Periksa kembali alamat Akun belajar\.id dan tanggal lahir/);
    expect(screen.getAllByText('Kode tidak dapat dikirim untuk data ini.')).toHaveLength(2);
    // "Not registered in Dapodik" alone would be wrong for a mistyped address or birth date.
    expect(screen.queryByText('Data email belum terdaftar di Dapodik.')).toBeNull();
  });

  it('shows a send failure in an alert and forgets the account when closed', async () => {
    const onOpenChange = vi.fn();
    await passLookup(account, onOpenChange);
    replies.push({
      status: 429,
      body: errorBody('', RESET_MESSAGES.cooldown(42), {
        id: 'code_send_cooldown',
        retry_after: 42,
      }),
      headers: { 'retry-after': '42' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Kirim kode ke email' }));
    const alert = await screen.findByText(RESET_MESSAGES.cooldown(42));
    expect(alert.closest('[role="alert"]')).not.toBeNull();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(readResetFlow().account).toBeNull();
  });
});

describe('the reset pages for a visitor who chose English', () => {
  beforeEach(() => changeLanguage('en'));
  afterEach(() => changeLanguage('id'));

  it('says the server reasons in English and still reads the attempts and the end from them', async () => {
    saveResetAccount(account);
    storedSession();
    renderAt('/reset-password/otp', <ResetCodePage />);
    const field = await screen.findByLabelText('OTP code');
    fireEvent.input(field, { target: { value: '123456' } });
    replies.push({
      status: 400,
      body: errorBody('otp', RESET_MESSAGES.codeInvalid(4), {
        id: 'reset_code_invalid',
        attempts_left: 4,
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('That OTP is not right. You have 4 tries left.');
    expect(screen.queryByText('You can try 4 more times.')).toBeNull();

    fireEvent.input(field, { target: { value: '000000' } });
    replies.push({
      status: 400,
      body: errorBody('otp', RESET_MESSAGES.codeEnded, {
        id: 'reset_attempts_used_up',
        attempts_left: 0,
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('The OTP was wrong 5 times. Please start again from the beginning.');
    screen.getByRole('button', { name: 'Start again from the beginning' });
    expect(window.sessionStorage.getItem(RESET_FLOW_STORAGE_KEY)).toBeNull();
  });

  it('says a wait on 429 in English', async () => {
    await passLookup(account);
    replies.push({
      status: 429,
      body: errorBody('', RESET_MESSAGES.cooldown(42), {
        id: 'code_send_cooldown',
        retry_after: 42,
      }),
      headers: { 'retry-after': '42' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send the code by email' }));
    const alert = await screen.findByText('Please wait 42 seconds before asking for a new code.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });
});
