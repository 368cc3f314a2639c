import type { DeletionItem } from '@portal/contracts/account-deletion';
import type { ReferralCodeItem } from '@portal/contracts/console';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import id from '~/locales/id/console.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import './console-texts';
import { Deletions } from './deletions';
import { ReferralCodes } from './referral-codes';

// Every console action that changes something for the public asks first.

const CODE: ReferralCodeItem = {
  id: '5',
  code: 'DINAS-ABCD',
  maxUses: 10,
  uses: 2,
  expiresAt: null,
  revokedAt: null,
  createdAt: '2026-11-20T03:00:00.000Z',
  state: 'valid',
};
const DELETION: DeletionItem = {
  id: '8',
  name: 'Budi Santoso',
  kind: 'ptk',
  status: 'reported',
  deletionOn: '2027-01-05',
  removalOn: '2027-04-05',
  reportedAt: '2026-11-20T03:00:00.000Z',
  reportedBy: 'owner',
  reportReason: 'Saya masih mengajar.',
  decision: null,
  decidedAt: null,
};
let posts: { path: string; body: unknown }[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST') {
        posts.push({ path, body: JSON.parse(String(init.body)) });
        if (path.endsWith('/revoke')) return Response.json({ data: { ...CODE, state: 'revoked' } });
        return Response.json({ data: { ...DELETION, status: 'cancelled', decision: 'upheld' } });
      }
      if (path.endsWith('/referral-codes')) return Response.json({ data: { items: [CODE] } });
      return Response.json({ data: { items: [DELETION], total: 1, page: 1, pageSize: 25 } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('console confirmations', () => {
  it('revokes a referral code only once the confirmation says yes', async () => {
    renderWithProviders(<ReferralCodes />, { query: true });
    const revoke = await screen.findByRole(
      'button',
      { name: id.codes.revoke.replace('{{code}}', CODE.code) },
      { timeout: 5000 },
    );
    fireEvent.click(revoke);
    let dialog = await screen.findByRole('dialog', {
      name: id.codes.confirmRevoke.replace('{{code}}', CODE.code),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: id.confirm.cancel }));
    expect(posts).toEqual([]);
    fireEvent.click(revoke);
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: id.codes.yesRevoke }));
    await screen.findByText(id.codes.revokedNote.replace('{{code}}', CODE.code));
    expect(posts.map((post) => post.path)).toEqual([
      expect.stringMatching(/\/referral-codes\/5\/revoke$/),
    ]);
  });

  it('decides a deletion report only once the confirmation says yes', async () => {
    renderWithProviders(<Deletions />, { query: true });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: id.deletions.reject.replace('{{name}}', DELETION.name!) },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', {
      name: id.deletions.confirmReject.replace('{{name}}', DELETION.name!),
    });
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: id.deletions.yesReject }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({ decision: 'reject' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
