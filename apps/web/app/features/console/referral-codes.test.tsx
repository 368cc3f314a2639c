import { CONSOLE_MESSAGES } from '@portal/contracts/console-messages';
import { OPERATIONAL_DATE_MESSAGES } from '@portal/contracts/operational-dates-messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { ReferralCodes } from './referral-codes';

registerNamespace('console', { id, en });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** No codes yet; a new one is counted and answered. */
function serve() {
  const posts = vi.fn((_body: unknown) =>
    Response.json({
      data: {
        id: '1',
        code: 'ABCD1234',
        maxUses: 5,
        uses: 0,
        expiresAt: null,
        revokedAt: null,
        state: 'valid',
        createdAt: '2026-11-20T03:00:00.000Z',
      },
    }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? posts(JSON.parse(String(init.body)))
        : Response.json({ data: { items: [] } }),
    ),
  );
  renderWithProviders(<ReferralCodes />, { query: true });
  return posts;
}

const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) =>
  document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent;

describe('a new referral code', () => {
  it('checks the use limit before any call, as the API does', async () => {
    const posts = serve();
    fireEvent.change(field(id.codes.maxUses), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: id.codes.create }));
    await waitFor(() => expect(errorOf(id.codes.maxUses)).toBe(CONSOLE_MESSAGES.usesInvalid));
    await waitFor(() => expect(document.activeElement).toBe(field(id.codes.maxUses)));
    expect(posts).not.toHaveBeenCalled();
  });

  it('refuses an end outside the operational dates before any call', async () => {
    const posts = serve();
    fireEvent.change(field(id.codes.expiresOn), { target: { value: '2101-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: id.codes.create }));
    await waitFor(() =>
      expect(errorOf(id.codes.expiresOn)).toBe(OPERATIONAL_DATE_MESSAGES.outOfRange),
    );
    expect(posts).not.toHaveBeenCalled();
  });

  it('sends the limit as a number and the end of the chosen day in Jakarta', async () => {
    const posts = serve();
    fireEvent.change(field(id.codes.maxUses), { target: { value: '5' } });
    fireEvent.change(field(id.codes.expiresOn), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: id.codes.create }));
    expect(await screen.findByText(id.codes.created.replace('{{code}}', 'ABCD1234'))).toBeTruthy();
    expect(posts).toHaveBeenCalledWith({ maxUses: 5, expiresAt: '2026-12-31T16:59:59.000Z' });
  });
});
