import type { SignInPage } from '@portal/contracts/sign-in-pages';
import { describe, expect, it } from 'vitest';
import en from '~/locales/en/sign-in.json';
import id from '~/locales/id/sign-in.json';
import enServer from '~/locales/en/server.json';
import { renderSignInPage } from './render-sign-in-page';

// The badge steps as the server renders them: the offer on the password page only where the
// platform allows it, the camera with its label and live status beside the typed short code
// that works without script, the confirmation's name and school, and the refusals' messages.

const uid = 'AbCdEfGhIjKlMnOp';
const base = (language: 'id' | 'en' = 'id') => ({
  language,
  paths: {
    page: `/oidc/interaction/${uid}`,
    login: `/oidc/interaction/${uid}/page/login`,
    newPassword: `/oidc/interaction/${uid}/page/new-password`,
    totpEnrol: `/oidc/interaction/${uid}/page/totp-enrol`,
    totp: `/oidc/interaction/${uid}/page/totp`,
    consent: `/oidc/interaction/${uid}/page/consent`,
    badge: `/oidc/interaction/${uid}/page/badge`,
    badgeConfirm: `/oidc/interaction/${uid}/page/badge-confirm`,
    passkey: `/oidc/interaction/${uid}/passkey`,
    home: 'http://localhost:5173',
    botCheckChallenge: '/belajar-id/bot-check/challenge',
  },
  script: '/assets/sign-in-enhance-abc.js',
});

/** The page as a document, to ask it as a browser would. */
const render = (page: SignInPage): Document => {
  const html = renderSignInPage(page);
  return new DOMParser().parseFromString(html, 'text/html');
};

describe('the password page', () => {
  const password = (badge: boolean) =>
    render({
      ...base(),
      step: 'password',
      email: '',
      loginOn: true,
      botCheck: false,
      badge,
    });

  it('offers the card only where the platform allows it', () => {
    const offered = password(true);
    const link = [...offered.querySelectorAll('a')].find((a) => a.textContent === id.badge.offer);
    expect(link?.getAttribute('href')).toBe(base().paths.badge);
    const plain = password(false);
    expect(plain.body.textContent).not.toContain(id.badge.offer);
  });
});

describe('the badge step', () => {
  it('has the camera with a visible label and a live status, and the typed code as a plain form', () => {
    const page = render({ ...base(), step: 'badge', npsn: '' });
    expect(page.querySelector('h1')?.textContent).toBe(id.badge.title);
    const video = page.querySelector('video');
    const heading = page.getElementById(video?.getAttribute('aria-labelledby') ?? '');
    expect(heading?.textContent).toBe(id.badge.cameraHeading);
    // Without script the status says the camera needs it, and where the other way is.
    const status = page.querySelector('[role="status"][data-badge-status]');
    expect(status?.textContent).toBe(id.badge.cameraNeedsScript);
    // The typed short code: a form posting to the step with labelled fields, no script needed.
    const forms = [...page.querySelectorAll('form')];
    const typed = forms.find((form) => form.querySelector('input[name="code"]'));
    expect(typed?.getAttribute('method')).toBe('post');
    expect(typed?.getAttribute('action')).toBe(base().paths.badge);
    expect(typed?.hidden).toBe(false);
    expect(page.querySelector('label[for="badge-npsn"]')?.textContent).toBe(id.badge.npsn);
    expect(page.querySelector('label[for="badge-code"]')?.textContent).toBe(id.badge.code);
    expect(page.getElementById('badge-npsn')?.getAttribute('inputmode')).toBe('numeric');
    // The camera's own form carries the QR text; it is hidden until script fills it.
    const camera = forms.find((form) => form.querySelector('input[name="qr"]'));
    expect(camera?.hidden).toBe(true);
    // The texts the script shows for each failure come with the page, in its language.
    const box = page.querySelector<HTMLElement>('[data-badge-camera]');
    expect(box?.dataset['noCamera']).toBe(id.badge.noCamera);
    expect(box?.dataset['refused']).toBe(id.badge.cameraRefused);
    expect(page.querySelector(`a[href="${base().paths.page}"]`)?.textContent).toBe(id.badge.back);
  });

  it('shows a refused code under its field and in the summary, the NPSN kept', () => {
    const page = render({
      ...base(),
      step: 'badge',
      npsn: '20212345',
      fieldErrors: { code: { message: 'Kartu tidak dikenali.', id: 'badge_unknown' } },
    });
    expect(page.title).toMatch(/^Kesalahan: /);
    expect(page.querySelector('#error-summary a[href="#badge-code"]')).not.toBeNull();
    expect(page.getElementById('badge-code')?.getAttribute('aria-invalid')).toBe('true');
    expect(page.getElementById('badge-npsn')?.getAttribute('value')).toBe('20212345');
  });

  it("shows an ended badge's refusal in English by its id", () => {
    const page = render({
      ...base('en'),
      step: 'badge',
      npsn: '',
      problem: { message: 'Kartu ini sudah tidak berlaku.', id: 'badge_ended' },
    });
    expect(page.documentElement.lang).toBe('en');
    expect(page.getElementById('error-summary')?.textContent).toBe(enServer.errors.badge_ended);
    expect(page.querySelector('h1')?.textContent).toBe(en.badge.title);
  });
});

describe('the confirmation', () => {
  it("shows the child's name and school with 'Ini saya' and 'Bukan saya'", () => {
    const page = render({
      ...base(),
      step: 'badge-confirm',
      name: 'Sari Wulandari',
      schoolName: 'SD Negeri 1 Bandung',
      level: 'Kelas 3',
    });
    expect(page.querySelector('h1')?.textContent).toBe(id.badge.confirmTitle);
    expect(page.querySelector('[data-badge-name]')?.textContent).toBe('Sari Wulandari');
    expect(page.querySelector('[data-badge-school]')?.textContent).toBe('SD Negeri 1 Bandung');
    const form = page.querySelector('form');
    expect(form?.getAttribute('action')).toBe(base().paths.badgeConfirm);
    const buttons = [...(form?.querySelectorAll('button') ?? [])].map((button) => [
      button.value,
      button.textContent,
    ]);
    expect(buttons).toEqual([
      ['yes', id.badge.yes],
      ['no', id.badge.no],
    ]);
  });
});

describe('a platform that does not allow badges', () => {
  it('says so and leads back to the password', () => {
    const page = render({
      ...base('en'),
      step: 'badge-refused',
      problem: {
        message: 'Platform ini tidak menerima masuk dengan kartu.',
        id: 'badge_not_allowed',
      },
    });
    expect(page.querySelector('h1')?.textContent).toBe(en.badge.refusedTitle);
    expect(page.getElementById('error-summary')?.textContent).toBe(
      enServer.errors.badge_not_allowed,
    );
    expect(page.querySelector(`a[href="${base().paths.page}"]`)?.textContent).toBe(en.badge.back);
  });
});
