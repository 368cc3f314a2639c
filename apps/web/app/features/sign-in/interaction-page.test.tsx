import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '~/i18n/i18n';
import en from '~/locales/en/sign-in.json';
import id from '~/locales/id/sign-in.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { InteractionPage } from './interaction-page';

const UID = 'interaction-0001';
const CODES = ['abcde-23456', 'fghjk-34567', 'mnpqr-45678', 'stvwx-56789'];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // The provider's answers for a staff member who still has to enrol the authenticator app.
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path.endsWith(`/interaction/${UID}`)) {
      return Response.json({
        uid: UID,
        prompt: 'login',
        step: 'totp-enrol',
        bot_check: false,
        passkey: false,
        totp: false,
        client: { id: 'portal-web', name: null },
      });
    }
    if (path.endsWith('/totp-enrol') && init?.method !== 'POST') {
      return Response.json({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_uri: 'otpauth://totp/x',
        qr_code: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      });
    }
    if (path.endsWith('/totp-enrol')) {
      return Response.json({ recovery_codes: CODES, redirectTo: '/oidc/auth/x' });
    }
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterAll(() => changeLanguage('id'));

async function enrol(texts: typeof id = id) {
  renderWithProviders(
    <Routes>
      <Route path="/auth/sign-in/:uid" element={<InteractionPage />} />
    </Routes>,
    { path: `/auth/sign-in/${UID}` },
  );
  const code = await screen.findByLabelText(texts.steps.code.label, {}, { timeout: 5000 });
  fireEvent.input(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: texts.steps.code.submit }));
  return screen.findByRole('heading', { level: 1, name: texts.steps.recovery.title });
}

describe('the recovery codes after the authenticator is enrolled', () => {
  beforeEach(() => changeLanguage('id'));

  it('are a step of their own: the page’s heading is theirs, and focus moves to it', async () => {
    const heading = await enrol();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('heading', { name: id.steps.totpEnrol.title })).toBeNull();
    expect(screen.getAllByRole('heading')).toEqual([heading]);
  });

  it('are copied to the clipboard, and the page says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await enrol();
    fireEvent.click(screen.getByRole('button', { name: id.steps.recovery.copy }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      id.steps.recovery.copied,
    );
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
  });

  it('say so when the browser refuses the clipboard', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await enrol();
    fireEvent.click(screen.getByRole('button', { name: id.steps.recovery.copy }));
    expect((await screen.findByRole('alert')).textContent).toBe(id.steps.recovery.copyFailed);
  });

  it('are downloaded as a text file made in the browser, without a call to the server', async () => {
    await changeLanguage('en');
    const files: Blob[] = [];
    // jsdom has no object URLs: the page's blob is caught here.
    Object.defineProperty(URL, 'createObjectURL', {
      value: (blob: Blob) => {
        files.push(blob);
        return 'blob:codes';
      },
      configurable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await enrol(en);
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: en.steps.recovery.download }));
    expect((await screen.findByRole('status')).textContent).toBe(en.steps.recovery.downloaded);
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(names).toEqual([expect.stringMatching(/^recovery-codes-.+\.txt$/)]);
    expect(files[0]?.type).toBe('text/plain;charset=utf-8');
    const text = await files[0]!.text();
    for (const code of CODES) expect(text).toContain(`\r\n${code}\r\n`);
  });
});

describe('the consent page of a platform', () => {
  it('names the address the platform receives the sign-in at', async () => {
    await changeLanguage('id');
    // An interaction of its own: the page's query cache outlives a test.
    const uid = 'interaction-consent';
    fetchMock.mockImplementation(async () =>
      Response.json({
        uid,
        prompt: 'consent',
        step: null,
        bot_check: false,
        passkey: false,
        totp: false,
        client: { id: 'demo-platform', name: 'Platform Demo', address: 'https://demo.example.id' },
        consent: { scopes: ['openid', 'profile'] },
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/auth/sign-in/:uid" element={<InteractionPage />} />
      </Routes>,
      { path: `/auth/sign-in/${uid}` },
    );
    const title = id.consent.title.replace('{{platform}}', 'Platform Demo');
    await screen.findByRole('heading', { level: 1, name: title }, { timeout: 3000 });
    const address = screen.getByText('https://demo.example.id');
    expect(address.parentElement?.textContent).toBe(
      `${id.consent.address.replace('{{platform}}', 'Platform Demo')} https://demo.example.id`,
    );
  });
});
