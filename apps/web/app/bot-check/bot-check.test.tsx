import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotCheck } from '~/bot-check/bot-check';
import type { BotCheckHandle } from '~/bot-check/bot-check';
import { solveToPayload } from '~/bot-check/bot-check-solver';
import { renderWithProviders } from '~/test-support/render-with-providers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const newChallenge = () =>
  createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 50,
    deriveKey,
    hmacSignatureSecret: 'unit-test-secret',
    expiresAt: new Date(Date.now() + 600_000),
  });

describe('BotCheck', () => {
  it('solves a server challenge, hands over the payload and says so politely', async () => {
    const fetchMock = vi.fn(async () => Response.json(await newChallenge()));
    vi.stubGlobal('fetch', fetchMock);
    const onVerified = vi.fn();
    const ref = createRef<BotCheckHandle>();
    renderWithProviders(
      <BotCheck
        ref={ref}
        onVerified={onVerified}
        solve={(challenge) => solveToPayload(challenge)}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Memverifikasi keamanan…');
    await waitFor(() => expect(status.textContent).toContain('Terverifikasi'));
    expect(fetchMock).toHaveBeenCalledWith('/belajar-id/bot-check/v1/challenge', expect.anything());
    const payload = onVerified.mock.calls.at(-1)?.[0] as string;
    const decoded = JSON.parse(atob(payload)) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    expect(decoded.solution.counter).toBe(50);
    const verified = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: 'unit-test-secret',
    });
    expect(verified.verified).toBe(true);

    // A payload is single use: reset() withdraws it and solves a new challenge.
    act(() => ref.current?.reset());
    expect(onVerified).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(status.textContent).toContain('Terverifikasi'));
    expect(onVerified.mock.calls.at(-1)?.[0]).not.toBe(payload);
  });

  it('says it failed and offers to try again when the challenge cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    renderWithProviders(<BotCheck onVerified={() => undefined} solve={async () => 'never'} />);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Verifikasi keamanan gagal'),
    );
    expect(screen.getByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  });
});
