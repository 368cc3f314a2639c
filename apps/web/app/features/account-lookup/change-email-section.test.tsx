import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import type { ApiErrorBody, ErrorId } from '@portal/contracts/api-error';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/account-lookup.json';
import id from '~/locales/id/account-lookup.json';
import { ChangeEmailSection } from './change-email-section';
import { renderWithProviders } from '~/test-support/render-with-providers';

registerNamespace('account-lookup', { id, en });

let replies: { status: number; body: unknown }[] = [];
beforeEach(() => {
  replies = [
    {
      status: 200,
      body: {
        data: {
          email: 'd*****@example.org',
          current_sent_to: 'd*****@example.com',
          expires_in: 1800,
        },
      },
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const reply = replies.shift();
      if (!reply) throw new Error('no reply queued');
      return Response.json(reply.body, { status: reply.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => changeLanguage('id'));

/** A wrong entry as the API answers it: the id says which code, each wrong field is named. */
const wrongCodes = (errorId: ErrorId, fields: string[], attemptsLeft: number): ApiErrorBody => {
  const message = LOOKUP_MESSAGES.codeInvalid(attemptsLeft);
  return {
    message,
    error: { code: 'VALIDATION_FAILED', id: errorId, message, attempts_left: attemptsLeft },
    errors: fields.map((field) => ({ field, message })),
  };
};

async function startChange(labels: { open: string; newEmail: string; send: string }) {
  renderWithProviders(
    <ChangeEmailSection
      token="token"
      onSessionEnded={() => undefined}
      onChanged={() => undefined}
    />,
    { query: true },
  );
  fireEvent.click(screen.getByRole('button', { name: labels.open }));
  fireEvent.input(screen.getByLabelText(labels.newEmail), {
    target: { value: 'dewi.baru@example.org' },
  });
  fireEvent.click(screen.getByRole('button', { name: labels.send }));
}

const codeField = () => document.getElementById('lookup-email-code') as HTMLInputElement;
const currentField = () => document.getElementById('lookup-email-code-current') as HTMLInputElement;
const errorOf = (field: HTMLInputElement) =>
  document.getElementById(`${field.id}-error`)?.textContent ?? null;

describe('the e-mail change marks the code that is wrong', () => {
  beforeEach(() => changeLanguage('id'));

  it('marks the field of the one wrong code, from the id of the answer', async () => {
    await startChange({
      open: 'Ubah email pribadi',
      newEmail: 'Email pribadi baru',
      send: 'Kirim kode',
    });
    fireEvent.input(await screen.findByLabelText('Kode verifikasi'), {
      target: { value: '111111' },
    });
    fireEvent.input(screen.getByLabelText('Kode persetujuan'), { target: { value: '222222' } });

    replies.push({
      status: 400,
      body: wrongCodes('email_change_old_code_invalid', ['code_current'], 4),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    await vi.waitFor(() => expect(currentField().getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(currentField())).toBe('Kode tidak sesuai. Sisa percobaan: 4.');
    expect(currentField().getAttribute('aria-describedby')).toContain(`${currentField().id}-error`);
    expect(codeField().getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(codeField())).toBeNull();
    expect(document.activeElement).toBe(currentField());

    replies.push({ status: 400, body: wrongCodes('email_change_new_code_invalid', ['code'], 3) });
    fireEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    await vi.waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(codeField())).toBe('Kode tidak sesuai. Sisa percobaan: 3.');
    expect(currentField().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(codeField());
  });

  it('marks both when both are wrong, saying the count once', async () => {
    await startChange({
      open: 'Ubah email pribadi',
      newEmail: 'Email pribadi baru',
      send: 'Kirim kode',
    });
    fireEvent.input(await screen.findByLabelText('Kode verifikasi'), {
      target: { value: '111111' },
    });
    fireEvent.input(screen.getByLabelText('Kode persetujuan'), { target: { value: '222222' } });
    replies.push({
      status: 400,
      body: wrongCodes('email_change_codes_invalid', ['code', 'code_current'], 2),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    await vi.waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(currentField().getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(codeField())).toBe('Kode tidak sesuai. Sisa percobaan: 2.');
    expect(errorOf(currentField())).toBe('Kode ini juga tidak sesuai.');
  });

  it('says the wrong code in English by its id', async () => {
    await changeLanguage('en');
    await startChange({
      open: 'Change personal e-mail',
      newEmail: 'New personal e-mail',
      send: 'Send code',
    });
    fireEvent.input(await screen.findByLabelText('Verification code'), {
      target: { value: '111111' },
    });
    fireEvent.input(screen.getByLabelText('Approval code'), { target: { value: '222222' } });
    replies.push({
      status: 400,
      body: wrongCodes('email_change_old_code_invalid', ['code_current'], 1),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() =>
      expect(errorOf(currentField())).toBe('That code is not right. You have 1 try left.'),
    );
    expect(codeField().getAttribute('aria-invalid')).toBeNull();
  });
});
