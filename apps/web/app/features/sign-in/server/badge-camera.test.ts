import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import id from '~/locales/id/sign-in.json';
import { startBadgeCamera } from './badge-camera';
import { renderSignInPage } from './render-sign-in-page';

// The badge step's camera in the page: each failure says so in the live status line and keeps
// the typed code; the browser's own detector is used where it exists, the decoder module only
// where it does not.

const readQrCode = vi.fn<(video: HTMLVideoElement) => Promise<string | null>>();
vi.mock('./badge-qr-reader', () => ({ readQrCode }));

const uid = 'AbCdEfGhIjKlMnOp';
const at = (path: string) => `/oidc/interaction/${uid}${path}`;

/** The badge step's document in jsdom, as the server renders it (optionally after a refusal). */
function showStep(refused = false) {
  const html = renderSignInPage({
    language: 'id',
    step: 'badge',
    npsn: '',
    script: null,
    ...(refused
      ? { problem: { message: 'Kartu ini sudah tidak berlaku.', id: 'badge_ended' } }
      : {}),
    paths: {
      page: at(''),
      login: at('/page/login'),
      newPassword: at('/page/new-password'),
      totpEnrol: at('/page/totp-enrol'),
      totp: at('/page/totp'),
      consent: at('/page/consent'),
      badge: at('/page/badge'),
      badgeConfirm: at('/page/badge-confirm'),
      passkey: at('/passkey'),
      home: 'http://localhost:5173',
      botCheckChallenge: '/belajar-id/bot-check/challenge',
    },
  });
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.body.innerHTML = parsed.body.innerHTML;
  const box = document.querySelector<HTMLElement>('[data-badge-camera]')!;
  const status = () => box.querySelector('[data-badge-status]')?.textContent;
  const submitted = vi.fn();
  const form = box.querySelector<HTMLFormElement>('form[data-badge-qr]')!;
  form.submit = submitted;
  return { box, status, submitted, form };
}

const setMediaDevices = (getUserMedia: (() => Promise<MediaStream>) | undefined) =>
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia } : undefined,
  });

const fakeStream = () => ({ getTracks: () => [{ stop: vi.fn() }] }) as unknown as MediaStream;

beforeEach(() => {
  readQrCode.mockReset();
  readQrCode.mockResolvedValue(null);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  document.body.innerHTML = '';
});

describe('the badge camera', () => {
  it('says so when the device has no camera, or none the browser offers', async () => {
    setMediaDevices(undefined);
    const first = showStep();
    startBadgeCamera(first.box);
    await vi.waitFor(() => expect(first.status()).toBe(id.badge.noCamera));

    setMediaDevices(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    const second = showStep();
    startBadgeCamera(second.box);
    await vi.waitFor(() => expect(second.status()).toBe(id.badge.noCamera));
  });

  it('says so when the camera is refused, or fails, and offers to try again', async () => {
    setMediaDevices(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    const refused = showStep();
    startBadgeCamera(refused.box);
    await vi.waitFor(() => expect(refused.status()).toBe(id.badge.cameraRefused));
    expect(refused.box.querySelector<HTMLButtonElement>('[data-badge-start]')?.hidden).toBe(false);

    setMediaDevices(() => Promise.reject(new DOMException('busy', 'NotReadableError')));
    const failed = showStep();
    startBadgeCamera(failed.box);
    await vi.waitFor(() => expect(failed.status()).toBe(id.badge.cameraFailed));
  });

  it("uses the browser's barcode detector where it reads QR codes, without the decoder module", async () => {
    setMediaDevices(() => Promise.resolve(fakeStream()));
    const detect = vi.fn().mockResolvedValue([{ rawValue: 'kartu:abc' }]);
    (window as { BarcodeDetector?: unknown }).BarcodeDetector = Object.assign(
      class {
        detect = detect;
      },
      { getSupportedFormats: () => Promise.resolve(['qr_code']) },
    );
    const step = showStep();
    startBadgeCamera(step.box);
    await vi.waitFor(() => expect(step.submitted).toHaveBeenCalled());
    expect(step.form.querySelector<HTMLInputElement>('input[name="qr"]')?.value).toBe('kartu:abc');
    expect(step.status()).toBe(id.badge.cameraFound);
    expect(readQrCode).not.toHaveBeenCalled();
  });

  it('loads the decoder where the browser has no detector, and posts what it reads', async () => {
    setMediaDevices(() => Promise.resolve(fakeStream()));
    readQrCode.mockResolvedValueOnce(null).mockResolvedValue('kartu:xyz');
    const step = showStep();
    startBadgeCamera(step.box);
    await vi.waitFor(() => expect(step.submitted).toHaveBeenCalled(), { timeout: 3000 });
    expect(step.form.querySelector<HTMLInputElement>('input[name="qr"]')?.value).toBe('kartu:xyz');
    expect(readQrCode).toHaveBeenCalledTimes(2);
  });

  it('waits for a tap after a refused card, instead of reading it again', async () => {
    const getUserMedia = vi.fn(() => Promise.resolve(fakeStream()));
    setMediaDevices(getUserMedia);
    const step = showStep(true);
    startBadgeCamera(step.box);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(step.status()).toBe('');
    const start = step.box.querySelector<HTMLButtonElement>('[data-badge-start]')!;
    expect(start.hidden).toBe(false);
    start.click();
    await vi.waitFor(() => expect(step.status()).toBe(id.badge.cameraLooking));
    expect(getUserMedia).toHaveBeenCalled();
    // Off again: the loop that reads frames ends with it.
    start.click();
    expect(step.box.querySelector<HTMLElement>('[data-badge-view]')?.hidden).toBe(true);
  });
});
