import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import {
  ERROR_MESSAGES,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorId,
} from '@portal/contracts/api-error';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, registerNamespace } from '~/i18n/i18n';
import type { Language } from '~/i18n/i18n';
import en from '~/locales/en/account-lookup.json';
import id from '~/locales/id/account-lookup.json';
import { LookupForm } from './lookup-form';
import { renderWithProviders } from '~/test-support/render-with-providers';

// The real bot check solves a proof of work in a Web Worker; here it is solved at once.
vi.mock('~/bot-check/bot-check', () => import('~/test-support/solved-bot-check'));

registerNamespace('account-lookup', { id, en });

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
let lookupReplies: Reply[] = [];

beforeEach(() => {
  lookupReplies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const reply: Reply = url.includes('/sekolah')
        ? {
            status: 200,
            body: {
              data: {
                npsn: '20212345',
                name: 'SD Negeri 1 Bogor',
                level: 'SD',
                regency: 'Kota Bogor',
                province: 'Jawa Barat',
              },
            },
          }
        : (lookupReplies.shift() ?? { status: 500, body: {} });
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
});
afterAll(() => changeLanguage('id'));

/** A body of SPEC §8, the way the API's error handler writes it. */
const errorBody = (
  code: ErrorCode,
  id: ErrorId,
  message: string,
  field = '',
  retryAfter?: number,
): ApiErrorBody => ({
  message,
  error: { code, id, message, ...(retryAfter === undefined ? {} : { retry_after: retryAfter }) },
  errors: [{ field, message }],
});

function renderForm() {
  const view = renderWithProviders(<LookupForm userType="ptk" onFound={() => undefined} />, {
    query: true,
  });
  const field = (selector: string) => {
    const element = view.container.querySelector(selector);
    if (!element) throw new Error(`no ${selector}`);
    return element;
  };
  return {
    fill(values: { npsn?: string; name?: string } = {}) {
      fireEvent.input(field('#lookup-npsn'), { target: { value: values.npsn ?? '20212345' } });
      fireEvent.input(field('#lookup-name'), { target: { value: values.name ?? 'Siti Aminah' } });
      fireEvent.change(field('#lookup-birthDate-day'), { target: { value: '17' } });
      fireEvent.change(field('#lookup-birthDate-month'), { target: { value: '5' } });
      fireEvent.change(field('#lookup-birthDate-year'), { target: { value: '1990' } });
      fireEvent.input(field('#lookup-motherName'), { target: { value: 'Sri Wahyuni' } });
    },
    submit: () => fireEvent.submit(field('form')),
  };
}

/** What each visitor reads: SPEC §8's Indonesian, or our English. */
const TEXTS: Record<
  Language,
  Record<
    | 'notFound'
    | 'notFoundNext'
    | 'rateLimited'
    | 'rateLimitedSeconds'
    | 'retryNow'
    | 'nameWithoutLetters'
    | 'npsnInvalid'
    | 'required'
    | 'name'
    | 'school'
    | 'birthDate'
    | 'invalidDate',
    string
  >
> = {
  id: {
    notFound: 'Akun tidak ditemukan',
    notFoundNext: 'Jika sudah sama, minta operator sekolah Anda',
    rateLimited: 'Terlalu banyak permintaan. Silakan coba lagi dalam 44 menit.',
    rateLimitedSeconds: 'Terlalu banyak permintaan. Silakan coba lagi dalam 2 detik.',
    retryNow: 'Silakan coba lagi sekarang.',
    nameWithoutLetters: 'Nama harus berisi huruf.',
    npsnInvalid: 'NPSN terdiri dari 8 digit, atau huruf P/K diikuti 7 digit.',
    required: 'Wajib Diisi',
    name: 'Nama lengkap',
    school: 'Sekolah',
    birthDate: 'Tanggal Lahir',
    invalidDate: 'Tanggal Tidak Valid',
  },
  en: {
    notFound: 'Account not found',
    notFoundNext: 'If they do, ask your school operator',
    rateLimited: 'Too many requests. Please try again in 44 minutes.',
    rateLimitedSeconds: 'Too many requests. Please try again in 2 seconds.',
    retryNow: 'You can try again now.',
    nameWithoutLetters: 'The name must contain letters.',
    npsnInvalid: 'An NPSN has 8 digits, or the letter P or K followed by 7 digits.',
    required: 'Required',
    name: 'Full name',
    school: 'School',
    birthDate: 'Date of birth',
    invalidDate: 'Invalid date',
  },
};

describe.each(['id', 'en'] as const)('lookup form messages for a visitor in %s', (language) => {
  const texts = TEXTS[language];
  beforeEach(() => changeLanguage(language));

  it('shows the server 404 body in an alert', async () => {
    lookupReplies.push({
      status: 404,
      body: errorBody('NOT_FOUND', 'lookup_not_found', LOOKUP_MESSAGES.notFound),
    });
    const form = renderForm();
    form.fill();
    form.submit();
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert.firstChild?.textContent).toBe(texts.notFound));
    // What to do next, in the same alert.
    expect(alert.textContent).toContain(texts.notFoundNext);
  });

  it('says how long to wait after a 429 in one sentence, in minutes', async () => {
    lookupReplies.push({
      status: 429,
      body: errorBody('RATE_LIMITED', 'rate_limited', ERROR_MESSAGES.rateLimited, '', 2590),
      headers: { 'retry-after': '2590' },
    });
    const form = renderForm();
    form.fill();
    form.submit();
    const alert = await screen.findByRole('alert');
    const shown = () => alert.querySelector('[aria-hidden="true"]')?.textContent;
    await vi.waitFor(() => expect(shown()).toBe(texts.rateLimited));
    expect(alert.querySelector('.sr-only')?.textContent).toBe(texts.rateLimited);
  });

  it('counts a wait down on screen, and says once it is over', async () => {
    lookupReplies.push({
      status: 429,
      body: errorBody('RATE_LIMITED', 'rate_limited', ERROR_MESSAGES.rateLimited, '', 2),
      headers: { 'retry-after': '2' },
    });
    const form = renderForm();
    form.fill();
    form.submit();
    const alert = await screen.findByRole('alert');
    const shown = () => alert.querySelector('[aria-hidden="true"]')?.textContent;
    await vi.waitFor(() => expect(shown()).toBe(texts.rateLimitedSeconds));
    await vi.waitFor(() => expect(shown()).toBe(texts.retryNow), { timeout: 3_500 });
    // Screen readers keep the first wording: the alert is not announced every second.
    expect(alert.querySelector('.sr-only')?.textContent).toBe(texts.rateLimitedSeconds);
  });

  it('shows a server 400 field error on its field and in the error summary', async () => {
    lookupReplies.push({
      status: 400,
      body: errorBody(
        'VALIDATION_FAILED',
        'validation_failed',
        LOOKUP_MESSAGES.nameWithoutLetters,
        'name',
      ),
    });
    const form = renderForm();
    form.fill();
    form.submit();
    // The field's own message, and the summary link naming the field.
    expect(await screen.findAllByText(texts.nameWithoutLetters)).toHaveLength(1);
    screen.getByRole('link', { name: `${texts.name}: ${texts.nameWithoutLetters}` });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the contract schema's field errors before anything is sent", async () => {
    const form = renderForm();
    form.fill({ npsn: '123', name: '' });
    form.submit();
    expect(await screen.findAllByText(texts.npsnInvalid)).toHaveLength(1);
    expect(screen.getAllByText(texts.required)).toHaveLength(1);
    // Each summary link names its field: not two identical links.
    screen.getByRole('link', { name: `${texts.school}: ${texts.npsnInvalid}` });
    screen.getByRole('link', { name: `${texts.name}: ${texts.required}` });
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('says an impossible date alike in the field and in the error summary', async () => {
    const form = renderForm();
    form.fill();
    fireEvent.change(document.querySelector('#lookup-birthDate-day')!, { target: { value: '31' } });
    fireEvent.change(document.querySelector('#lookup-birthDate-month')!, {
      target: { value: '2' },
    });
    form.submit();
    await screen.findByRole('link', { name: `${texts.birthDate}: ${texts.invalidDate}` });
    expect(document.querySelector('#lookup-birthDate-error')?.textContent).toBe(texts.invalidDate);
    expect(screen.queryByText(texts.required, { exact: false })).toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});

it('says a message shown in Indonesian again in English after the language switch', async () => {
  await changeLanguage('id');
  lookupReplies.push({
    status: 404,
    body: errorBody('NOT_FOUND', 'lookup_not_found', LOOKUP_MESSAGES.notFound),
  });
  const form = renderForm();
  form.fill();
  form.submit();
  const alert = await screen.findByRole('alert');
  await vi.waitFor(() => expect(alert.firstChild?.textContent).toBe('Akun tidak ditemukan'));
  await act(() => changeLanguage('en'));
  expect(alert.firstChild?.textContent).toBe('Account not found');
});
