import type { ApiErrorBody, ErrorId } from '@portal/contracts/api-error';
import { PLATFORM_MESSAGES, type PlatformClient } from '@portal/contracts/platforms';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { changeLanguage } from '~/i18n/i18n';
import en from '~/locales/en/console-platforms.json';
import id from '~/locales/id/console-platforms.json';
import serverEn from '~/locales/en/server.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import './console-texts';
import './platform-texts';
import { PlatformDetail } from './platform-detail';
import { Platforms } from './platforms';

const platform = (change: Partial<PlatformClient>): PlatformClient => ({
  clientId: 'rapor-pendidikan',
  name: 'Rapor Pendidikan',
  logoUri: null,
  contactName: 'Tim Rapor',
  contactEmail: 'rapor@kemendikdasmen.go.id',
  redirectUris: ['https://rapor.example/callback'],
  postLogoutRedirectUris: [],
  scopes: ['openid', 'profile', 'email'],
  firstParty: true,
  badgeSignIn: false,
  authMethod: 'client_secret_basic',
  jwksUri: null,
  jwks: null,
  backchannelLogoutUri: null,
  disabled: false,
  secretCreatedAt: '2026-11-27T02:30:00.000Z',
  previousSecretValidUntil: null,
  createdAt: '2026-11-20T02:30:00.000Z',
  updatedAt: '2026-11-27T02:30:00.000Z',
  ...change,
});

let platforms: PlatformClient[] = [];
let calls: { method: string; path: string; body: unknown }[] = [];
let answer: (method: string, path: string, body: unknown) => Response | undefined;

const failure = (status: number, errorId: ErrorId, message: string, field?: string) =>
  Response.json(
    {
      message,
      error: { code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', id: errorId, message },
      errors: [{ field: field ?? '', message }],
    } satisfies ApiErrorBody,
    { status },
  );

beforeEach(() => {
  platforms = [
    platform({}),
    platform({
      clientId: 'siplah',
      name: 'SIPLah',
      firstParty: false,
      authMethod: 'private_key_jwt',
      jwksUri: 'https://siplah.example/jwks.json',
      secretCreatedAt: null,
      disabled: true,
    }),
  ];
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/[\w-]+/, '');
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const given = answer(method, path, body);
      if (given) return given;
      if (path === '/console/v1/platforms' && method === 'GET') {
        return Response.json({ data: { items: platforms } });
      }
      const one = /^\/console\/v1\/platforms\/([\w-]+)$/.exec(path);
      const found = platforms.find((item) => item.clientId === one?.[1]);
      if (one && method === 'GET') {
        return found
          ? Response.json({ data: found })
          : failure(404, 'not_found', PLATFORM_MESSAGES.notFound);
      }
      return Response.json({}, { status: 500 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('id');
});

const renderList = () =>
  renderWithProviders(<Platforms />, { query: true, path: '/konsol/platform' });

const renderPlatform = (clientId: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/konsol/platform/:clientId" element={<PlatformDetail clientId={clientId} />} />
    </Routes>,
    { query: true, path: `/konsol/platform/${clientId}` },
  );

const posts = () => calls.filter((call) => call.method !== 'GET');

/** Fills the registration form's required fields. */
function fillRequired(texts: typeof id) {
  const form = texts.form;
  fireEvent.change(screen.getByLabelText(form.name), { target: { value: 'Merdeka Mengajar' } });
  fireEvent.change(screen.getByLabelText(form.clientId), {
    target: { value: 'merdeka-mengajar' },
  });
  fireEvent.change(screen.getByLabelText(form.contactName), { target: { value: 'Tim PMM' } });
  fireEvent.change(screen.getByLabelText(form.contactEmail), {
    target: { value: ' PMM@Kemendikdasmen.go.id ' },
  });
  fireEvent.change(screen.getByLabelText(form.redirectUris), {
    target: {
      value: 'https://pmm.example/cb\n\n  https://pmm.example/cb2  \nhttps://pmm.example/cb',
    },
  });
}

describe('the platforms section', () => {
  it('lists each platform with its client id, authentication, first-party setting and status', async () => {
    renderList();
    const list = await screen.findByRole('list', { name: id.listTitle }, { timeout: 5000 });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [rapor, siplah] = items as [HTMLElement, HTMLElement];
    expect(rapor.textContent).toContain('rapor-pendidikan');
    expect(rapor.textContent).toContain(id.authMethods.client_secret_basic);
    expect(rapor.textContent).toContain(id.facts.yes);
    expect(rapor.textContent).toContain(id.facts.active);
    expect(siplah.textContent).toContain(id.authMethods.private_key_jwt);
    expect(siplah.textContent).toContain(id.facts.no);
    expect(siplah.textContent).toContain(id.facts.disabled);
    expect(
      within(rapor).getByRole('link', { name: 'Kelola Rapor Pendidikan' }).getAttribute('href'),
    ).toBe('/konsol/platform/rapor-pendidikan');
    expect(screen.getByText('2 platform')).toBeTruthy();
  });

  it('checks the form with the contract before sending: every refusal by its field and in the summary', async () => {
    renderList();
    await screen.findAllByRole('listitem', undefined, { timeout: 5000 });
    const toggle = screen.getByRole('button', { name: id.register });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText(id.form.logoUri), {
      target: { value: 'https://logo.example/a.png#x' },
    });
    fireEvent.click(screen.getByRole('button', { name: id.submitRegister }));
    const summary = await screen.findByRole('heading', { name: id.errorSummary });
    const box = summary.parentElement as HTMLElement;
    // Focus moves in an effect once the failed attempt is counted, a render after the errors.
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
    const links = within(box)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      `${id.form.name}: ${PLATFORM_MESSAGES.nameRequired}`,
      `${id.form.clientId}: ${PLATFORM_MESSAGES.clientIdInvalid}`,
      `${id.form.logoUri}: ${PLATFORM_MESSAGES.uriInvalid}`,
      `${id.form.contactName}: ${PLATFORM_MESSAGES.contactRequired}`,
      `${id.form.contactEmail}: ${PLATFORM_MESSAGES.contactEmailInvalid}`,
      `${id.form.redirectUris}: ${PLATFORM_MESSAGES.redirectRequired}`,
    ]);
    const name = screen.getByLabelText(id.form.name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('platform-name-error');
    expect(posts()).toEqual([]);
    // A public client may not stay signed in: the contract's rule, on the scopes.
    fillRequired(id);
    fireEvent.change(screen.getByLabelText(id.form.logoUri), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: /PKCE/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /offline_access/ }));
    fireEvent.click(screen.getByRole('button', { name: id.submitRegister }));
    await screen.findByText(`${id.form.scopes}: ${PLATFORM_MESSAGES.offlineNeedsConfidential}`);
    expect(posts()).toEqual([]);
  });

  it('registers a platform and shows its secret once, with a copy button and a warning', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    answer = (method, path, body) => {
      if (method !== 'POST' || path !== '/console/v1/platforms') return undefined;
      const created = platform({ ...(body as Partial<PlatformClient>) });
      platforms = [...platforms, created];
      return Response.json({ data: { client: created, secret: 'S3cret-once' } }, { status: 201 });
    };
    renderList();
    await screen.findAllByRole('listitem', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: id.register }));
    fillRequired(id);
    fireEvent.click(screen.getByRole('checkbox', { name: /^schools/ }));
    fireEvent.change(screen.getByLabelText(id.form.backchannelLogoutUri), {
      target: { value: 'https://pmm.example/logout' },
    });
    // The openid scope is always allowed: its box is ticked and cannot be cleared.
    const openid = screen.getByRole('checkbox', { name: /^openid/ }) as HTMLInputElement;
    expect(openid.checked && openid.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: id.submitRegister }));
    const heading = await screen.findByRole('heading', { name: id.secret.title });
    expect(document.activeElement).toBe(heading);
    expect(posts()[0]?.body).toEqual({
      clientId: 'merdeka-mengajar',
      name: 'Merdeka Mengajar',
      logoUri: null,
      contactName: 'Tim PMM',
      contactEmail: 'pmm@kemendikdasmen.go.id',
      redirectUris: ['https://pmm.example/cb', 'https://pmm.example/cb2'],
      postLogoutRedirectUris: [],
      scopes: ['openid', 'schools'],
      firstParty: false,
      badgeSignIn: false,
      authMethod: 'client_secret_basic',
      jwksUri: null,
      jwks: null,
      backchannelLogoutUri: 'https://pmm.example/logout',
    });
    const panel = screen.getByTestId('platform-secret');
    expect(within(panel).getByTestId('platform-secret-value').textContent).toBe('S3cret-once');
    expect(panel.textContent).toContain(id.secret.warning);
    fireEvent.click(within(panel).getByRole('button', { name: id.secret.copy }));
    await within(panel).findByText(id.secret.copied);
    expect(writeText).toHaveBeenCalledWith('S3cret-once');
    expect(screen.getByText('Platform Merdeka Mengajar terdaftar.')).toBeTruthy();
    // The form closed; the list holds the new platform.
    expect(screen.queryByLabelText(id.form.name)).toBeNull();
    await screen.findByRole('link', { name: 'Kelola Merdeka Mengajar' });
    fireEvent.click(within(panel).getByRole('button', { name: id.secret.done }));
    expect(screen.queryByTestId('platform-secret')).toBeNull();
    expect(screen.queryByText('S3cret-once')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: id.register }));
  });

  it('sends a private_key_jwt platform its keys, and refuses keys that are no JSON', async () => {
    answer = (method, path, body) =>
      method === 'POST' && path === '/console/v1/platforms'
        ? Response.json(
            { data: { client: platform(body as Partial<PlatformClient>), secret: null } },
            { status: 201 },
          )
        : undefined;
    renderList();
    await screen.findAllByRole('listitem', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: id.register }));
    fillRequired(id);
    expect(screen.queryByLabelText(id.form.jwks)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: new RegExp('private_key_jwt') }));
    const keys = screen.getByLabelText(id.form.jwks);
    fireEvent.change(keys, { target: { value: '{"keys": [' } });
    fireEvent.click(screen.getByRole('button', { name: id.submitRegister }));
    await screen.findByText(`${id.form.jwks}: ${PLATFORM_MESSAGES.keysInvalid}`);
    expect(keys.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
    const jwk = { kty: 'EC', crv: 'P-256', x: 'abc', y: 'def', kid: 'k1' };
    fireEvent.change(keys, { target: { value: JSON.stringify({ keys: [jwk] }) } });
    fireEvent.click(screen.getByRole('button', { name: id.submitRegister }));
    await screen.findByText('Platform Merdeka Mengajar terdaftar.');
    expect(posts()[0]?.body).toMatchObject({
      authMethod: 'private_key_jwt',
      jwksUri: null,
      jwks: { keys: [jwk] },
    });
    // No secret to keep: nothing is shown as one.
    expect(screen.queryByTestId('platform-secret')).toBeNull();
  });

  it('shows the API’s refusals by their field, in English for an English reader', async () => {
    await changeLanguage('en');
    answer = (method) =>
      method === 'POST'
        ? failure(400, 'validation_failed', PLATFORM_MESSAGES.httpsRequired, 'redirectUris.0')
        : undefined;
    renderList();
    await screen.findAllByRole('listitem', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: en.register }));
    fillRequired(en);
    fireEvent.click(screen.getByRole('button', { name: en.submitRegister }));
    await screen.findByText(`${en.form.redirectUris}: ${serverEn.platforms.httpsRequired}`);
    const field = screen.getByLabelText(en.form.redirectUris);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    answer = (method) =>
      method === 'POST'
        ? failure(409, 'platform_client_id_taken', PLATFORM_MESSAGES.clientIdTaken)
        : undefined;
    fireEvent.click(screen.getByRole('button', { name: en.submitRegister }));
    const clientId = screen.getByLabelText(en.form.clientId);
    await screen.findByText(`${en.form.clientId}: ${serverEn.errors.platform_client_id_taken}`);
    expect(clientId.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  }, 20_000);
});

describe('one platform', () => {
  it('saves its settings without its client id, the method shown but not offered', async () => {
    answer = (method, path, body) => {
      if (method !== 'PUT' || path !== '/console/v1/platforms/rapor-pendidikan') return undefined;
      platforms = platforms.map((item) =>
        item.clientId === 'rapor-pendidikan' ? { ...item, ...(body as object) } : item,
      );
      return Response.json({ data: platforms[0] });
    };
    renderPlatform('rapor-pendidikan');
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Rapor Pendidikan' },
      { timeout: 5000 },
    );
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByLabelText(id.form.clientId)).toBeNull();
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.getByText(id.form.authMethodFixed)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(id.form.name), {
      target: { value: 'Rapor Pendidikan Nasional' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /^email/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^${id.form.badgeSignIn}`) }));
    fireEvent.click(screen.getByRole('button', { name: id.form.save }));
    await screen.findByText(id.form.saved);
    const sent = posts()[0];
    expect(sent?.method).toBe('PUT');
    expect(sent?.body).toMatchObject({
      name: 'Rapor Pendidikan Nasional',
      scopes: ['openid', 'profile'],
      firstParty: true,
      badgeSignIn: true,
      authMethod: 'client_secret_basic',
    });
    expect(sent?.body).not.toHaveProperty('clientId');
    await screen.findByRole('heading', { level: 1, name: 'Rapor Pendidikan Nasional' });
  });

  it('checks its settings with the contract before saving: keys that are no JSON too', async () => {
    answer = (method, path, body) =>
      method === 'PUT' && path === '/console/v1/platforms/siplah'
        ? Response.json({ data: { ...platforms[1], ...(body as object) } })
        : undefined;
    renderPlatform('siplah');
    await screen.findByRole('heading', { level: 1, name: 'SIPLah' }, { timeout: 5000 });
    const name = screen.getByLabelText(id.form.name);
    fireEvent.change(name, { target: { value: '  ' } });
    const keys = screen.getByLabelText(id.form.jwks);
    fireEvent.change(keys, { target: { value: '{"keys": [' } });
    fireEvent.click(screen.getByRole('button', { name: id.form.save }));
    const summary = await screen.findByRole('heading', { name: id.errorSummary });
    const box = summary.parentElement as HTMLElement;
    // Focus moves in an effect once the failed attempt is counted, a render after the errors.
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
    expect(
      within(box)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `${id.form.name}: ${PLATFORM_MESSAGES.nameRequired}`,
      `${id.form.jwks}: ${PLATFORM_MESSAGES.keysInvalid}`,
    ]);
    expect(keys.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
    fireEvent.change(name, { target: { value: 'SIPLah Nasional' } });
    fireEvent.change(keys, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: id.form.save }));
    await screen.findByText(id.form.saved);
    expect(posts()[0]?.body).toMatchObject({
      name: 'SIPLah Nasional',
      jwksUri: 'https://siplah.example/jwks.json',
      jwks: null,
    });
    expect(screen.queryByRole('heading', { name: id.errorSummary })).toBeNull();
  });

  it('refuses an empty overlap before asking to rotate', async () => {
    renderPlatform('rapor-pendidikan');
    const overlap = await screen.findByLabelText(id.rotate.overlap, undefined, {
      timeout: 5000,
    });
    fireEvent.change(overlap, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: id.rotate.action }));
    expect((await screen.findByRole('alert')).textContent).toBe(PLATFORM_MESSAGES.overlapInvalid);
    expect(overlap.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('rotates the secret with the overlap asked, after a confirmation, and shows it once', async () => {
    answer = (method, path) =>
      method === 'POST' && path === '/console/v1/platforms/rapor-pendidikan/secret'
        ? Response.json({
            data: {
              client: platform({
                previousSecretValidUntil: new Date(Date.now() + 48 * 3_600_000).toISOString(),
              }),
              secret: 'N3w-secret',
            },
          })
        : undefined;
    renderPlatform('rapor-pendidikan');
    const overlap = await screen.findByLabelText(id.rotate.overlap, undefined, {
      timeout: 5000,
    });
    expect((overlap as HTMLInputElement).value).toBe('24');
    fireEvent.change(overlap, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: id.rotate.action }));
    await screen.findByText(PLATFORM_MESSAGES.overlapInvalid);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(overlap, { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: id.rotate.action }));
    const dialog = await screen.findByRole('dialog', {
      name: id.rotate.confirm.replace('{{name}}', 'Rapor Pendidikan'),
    });
    expect(dialog.textContent).toContain(id.rotate.confirmText_other.replace('{{count}}', '48'));
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: id.rotate.yes }));
    const secret = await screen.findByTestId('platform-secret-value');
    expect(secret.textContent).toBe('N3w-secret');
    expect(posts()[0]?.body).toEqual({ overlapHours: 48 });
    expect(screen.getByTestId('platform-secret').textContent).toMatch(/\(48 jam\)/);
    fireEvent.click(screen.getByRole('button', { name: id.secret.done }));
    expect(screen.queryByText('N3w-secret')).toBeNull();
  });

  it('offers no rotation to a platform without a secret, and enables a disabled one after asking', async () => {
    answer = (method, path) => {
      if (method === 'POST' && path === '/console/v1/platforms/siplah/enable') {
        platforms = platforms.map((item) =>
          item.clientId === 'siplah' ? { ...item, disabled: false } : item,
        );
        return Response.json({ data: platforms[1] });
      }
      return undefined;
    };
    renderPlatform('siplah');
    await screen.findByRole('heading', { level: 1, name: 'SIPLah' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: id.rotate.action })).toBeNull();
    expect((screen.getByLabelText(id.form.jwksUri) as HTMLInputElement).value).toBe(
      'https://siplah.example/jwks.json',
    );
    fireEvent.click(screen.getByRole('button', { name: id.status.enable }));
    const dialog = await screen.findByRole('dialog', {
      name: id.status.confirmEnable.replace('{{name}}', 'SIPLah'),
    });
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: id.status.yesEnable }));
    await screen.findByText(id.status.enabledNote);
    expect(posts().map((call) => call.path)).toEqual(['/console/v1/platforms/siplah/enable']);
    await screen.findByRole('button', { name: id.status.disable });
  });

  it('says so when the platform does not exist', async () => {
    renderPlatform('tidak-ada');
    await screen.findByText(PLATFORM_MESSAGES.notFound, undefined, { timeout: 5000 });
    expect(screen.getByRole('link', { name: id.back }).getAttribute('href')).toBe(
      '/konsol/platform',
    );
  });
});
